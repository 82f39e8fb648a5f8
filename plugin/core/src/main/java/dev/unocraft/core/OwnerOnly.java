package dev.unocraft.core;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Files that hold a secret or a player's data (the bridge token, saved inventories, player data)
 * are for the server's own user only: 0600 files in 0700 folders. On a file system without POSIX
 * permissions (Windows) the folder's own access rules apply.
 */
public final class OwnerOnly {
    private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

    private OwnerOnly() {}

    /** Creates the folder (and its parents) if needed and makes it owner-only, also when an older version made it 0755. */
    public static void folder(Path dir) throws IOException {
        Files.createDirectories(dir);
        if (POSIX) {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        }
    }

    /** Writes the text to a new owner-only file: created 0600 before the first byte goes in, replacing any file there. */
    public static void write(Path file, String text) throws IOException {
        Files.deleteIfExists(file);
        if (POSIX) {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } else {
            Files.createFile(file);
        }
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
