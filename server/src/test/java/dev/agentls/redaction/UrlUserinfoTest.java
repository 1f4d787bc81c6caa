package dev.agentls.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class UrlUserinfoTest {

    @Test
    void hidesTheWholeUserinfoOfEveryUrlInAText() {
        assertEquals("got http://[redacted]@127.0.0.1:9/v1 and https://[redacted]@github.com/x",
                UrlUserinfo.redact("got http://user:Plain0Passw0rd@127.0.0.1:9/v1 and https://TOKEN@github.com/x"));
    }

    @Test
    void leavesMailAddressesAndUrlsWithoutUserinfoAlone() {
        String text = "bob@example.com wrote https://example.com/a@b?x=@y";
        assertEquals(text, UrlUserinfo.redact(text));
        assertNull(UrlUserinfo.redact(null));
        assertFalse(UrlUserinfo.present(text));
    }

    @Test
    void findsAUrlWithUserinfoAnywhereInAText() {
        assertTrue(UrlUserinfo.present("DATABASE=postgres://app:s3cret@db:5432/app"));
        assertFalse(UrlUserinfo.present(null));
    }
}
