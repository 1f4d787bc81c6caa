package dev.agentls.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ForeignTextDecoderTest {

    private static byte[] withPrefix(int a, int b, byte[] body) {
        byte[] bytes = new byte[body.length + 2];
        bytes[0] = (byte) a;
        bytes[1] = (byte) b;
        System.arraycopy(body, 0, bytes, 2, body.length);
        return bytes;
    }

    @Test
    void decodesUtf16BigEndianWithItsBom() {
        byte[] bytes = withPrefix(0xFE, 0xFF, "Gr\u00fc\u00dfe\n".getBytes(StandardCharsets.UTF_16BE));
        assertEquals(Optional.of(new ForeignTextDecoder.ForeignText("Gr\u00fc\u00dfe\n", "UTF-16BE")),
                ForeignTextDecoder.decode(bytes));
    }

    @Test
    void refusesUtf16WithAnOddByteCountOrALoneSurrogate() {
        assertTrue(ForeignTextDecoder.decode(withPrefix(0xFF, 0xFE, new byte[] {'a', 0, 'b'})).isEmpty());
        assertTrue(ForeignTextDecoder.decode(withPrefix(0xFF, 0xFE, new byte[] {0x00, (byte) 0xD8, 'a', 0})).isEmpty());
    }

    @Test
    void leavesUtf32AndUtf8AndBinaryAlone() {
        assertTrue(ForeignTextDecoder.decode(new byte[] {(byte) 0xFF, (byte) 0xFE, 0, 0, 'a', 0, 0, 0}).isEmpty());
        assertTrue(ForeignTextDecoder.decode("caf\u00e9\n".getBytes(StandardCharsets.UTF_8)).isEmpty());
        assertTrue(ForeignTextDecoder.decode(new byte[] {(byte) 0xE9, 0, 1, 2}).isEmpty());
    }

    @Test
    void readsEightBitTextAsWindows1252() {
        byte[] bytes = {'c', 'a', 'f', (byte) 0xE9, ' ', (byte) 0x80, '\n'};
        assertEquals(Optional.of(new ForeignTextDecoder.ForeignText("caf\u00e9 \u20ac\n", "windows-1252")),
                ForeignTextDecoder.decode(bytes));
    }
}
