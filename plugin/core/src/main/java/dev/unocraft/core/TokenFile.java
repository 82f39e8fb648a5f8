package dev.unocraft.core;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;

/** The bridge's auth token: created on first start, readable by the owner only. */
public final class TokenFile {
    private TokenFile() {}

    public static String readOrCreate(Path file) throws IOException {
        if (Files.exists(file)) {
            String token = Files.readString(file, StandardCharsets.UTF_8).trim();
            if (!token.isEmpty()) {
                return token;
            }
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        byte[] raw = new byte[32];
        new SecureRandom().nextBytes(raw);
        String token = HexFormat.of().formatHex(raw);
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        OwnerOnly.write(tmp, token + "\n");
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return token;
    }
}
