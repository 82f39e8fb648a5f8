package dev.unocraft.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Player data on disk is for the server's user only, like the token (issue 7 item 4). */
class OwnerOnlyTest {
    @TempDir
    Path dir;

    private static String mode(Path p) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }

    @Test
    void aSavedInventoryIsOwnerOnlyInAnOwnerOnlyFolder() throws Exception {
        FakePlatform platform = new FakePlatform(dir);
        platform.inventories.put("ann", new HashMap<>(Map.of(3, "sword")));
        InventoryVault vault = new InventoryVault(dir.resolve("vault"), platform);
        vault.saveThen("ann", () -> { });
        vault.awaitIdle();
        assertEquals("rw-------", mode(dir.resolve("vault/ann.inv")));
        assertEquals("rwx------", mode(dir.resolve("vault")));
    }

    @Test
    void aVaultFolderAnOlderVersionLeftOpenIsClosedOnStart() throws Exception {
        Path vaultDir = Files.createDirectories(dir.resolve("vault"));
        Files.setPosixFilePermissions(vaultDir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path old = Files.writeString(vaultDir.resolve("bob.inv"), "3=sword\n");
        Files.setPosixFilePermissions(old, PosixFilePermissions.fromString("rw-r--r--"));
        new UnoCore(new FakePlatform(dir), "test");
        assertEquals("rwx------", mode(vaultDir));       // bob's old file is out of everyone else's reach
    }

    @Test
    void writeReplacesAFileAndCreatesItOwnerOnly() throws Exception {
        Path f = dir.resolve("players/ann.json");
        OwnerOnly.folder(f.getParent());
        Files.writeString(f, "old");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));
        OwnerOnly.write(f, "{\"0\":\"diamond\"}");
        assertEquals("rw-------", mode(f));
        assertEquals("{\"0\":\"diamond\"}", Files.readString(f));
        assertTrue(mode(f.getParent()).equals("rwx------"));
    }
}
