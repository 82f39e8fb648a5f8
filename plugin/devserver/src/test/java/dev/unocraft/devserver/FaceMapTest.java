package dev.unocraft.devserver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.Inflater;
import net.minestom.server.MinecraftServer;
import net.minestom.server.network.ConnectionState;
import net.minestom.server.network.NetworkBuffer;
import net.minestom.server.network.packet.PacketWriting;
import net.minestom.server.network.packet.server.play.MapDataPacket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A card face's map on Minestom: its id and its packet's bytes are made when the face is prepared (off the applier). */
class FaceMapTest {
    @TempDir
    Path dir;

    private static byte[] pixels() {
        byte[] b = new byte[128 * 128];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (i / 1000 % 60 + 4);
        }
        return b;
    }

    @Test
    void newFacesGetIdsPastThoseOfAnEarlierRunWhenPrepared() throws Exception {
        Files.writeString(dir.resolve("faces.properties"), "R5=7\nW=3\n");
        MinestomPlatform platform = new MinestomPlatform(dir);
        assertEquals(8, platform.screen().prepareMap(-1, pixels()).id());
        assertEquals(9, platform.screen().prepareMap(-1, pixels()).id());
        assertEquals(7, platform.screen().prepareMap(7, pixels()).id(), "a face of an earlier run keeps its map");
        assertEquals(1, new MinestomPlatform(dir.resolve("empty")).screen().prepareMap(-1, pixels()).id());
    }

    @Test
    void thePreparedPacketIsTheMapPacketEncodedAndCompressedOnce() throws Exception {
        MinestomPlatform platform = new MinestomPlatform(dir);
        byte[] pixels = pixels();
        MinestomScreen.FaceMap face = platform.screen().prepareMap(-1, pixels);
        MapDataPacket packet = (MapDataPacket) face.packet().packet();
        assertEquals(face.id(), packet.mapId());
        assertArrayEquals(pixels, packet.colorContent().data());

        // the frame: [length][uncompressed length][zlib of (packet id, fields)], as a compressed connection sends it
        assertTrue(MinecraftServer.getCompressionThreshold() > 0 && MinecraftServer.getCompressionThreshold() < pixels.length);
        NetworkBuffer body = face.packet().body();
        byte[] frame = new byte[(int) body.capacity()];
        body.copyTo(0, frame, 0, frame.length);
        assertTrue(frame.length < pixels.length / 4, "compressed: " + frame.length + " bytes");
        int[] at = {0};
        int length = readVarInt(frame, at);
        assertEquals(frame.length - at[0], length, "the frame's length prefix");
        int dataLength = readVarInt(frame, at);
        Inflater inflater = new Inflater();
        inflater.setInput(frame, at[0], frame.length - at[0]);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] chunk = new byte[4096];
        while (!inflater.finished()) {
            out.write(chunk, 0, inflater.inflate(chunk));
        }
        byte[] plain = out.toByteArray();
        assertEquals(dataLength, plain.length);
        // the same packet framed without compression: [length][packet id, fields]
        NetworkBuffer raw = PacketWriting.allocateTrimmedPacket(ConnectionState.PLAY, packet, 0);
        byte[] unframed = new byte[(int) raw.capacity()];
        raw.copyTo(0, unframed, 0, unframed.length);
        int[] rawAt = {0};
        readVarInt(unframed, rawAt);
        assertArrayEquals(java.util.Arrays.copyOfRange(unframed, rawAt[0], unframed.length), plain);
    }

    @Test
    void theWarmUpRunsMinestomsPlayerPathsOnAPlayerNoOneSeesAndLeavesNothingBehind() {
        MinecraftServer.init();
        MinestomPlatform platform = new MinestomPlatform(dir);
        platform.warmUp();
        assertEquals(java.util.List.of(), platform.players().onlinePlayers(), "the warm-up's player is not online");
        assertEquals(1, platform.screen().prepareMap(-1, pixels()).id(), "no map id taken");
    }

    private static int readVarInt(byte[] b, int[] at) {
        int value = 0;
        for (int shift = 0; ; shift += 7) {
            byte x = b[at[0]++];
            value |= (x & 0x7f) << shift;
            if ((x & 0x80) == 0) {
                return value;
            }
        }
    }
}
