package dev.agentls.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class QuotingTest {

    @Test
    void aSettingsMessageNeverQuotesAUrlsPassword() {
        assertEquals("\"http://[redacted]@127.0.0.1:9/v1\"", Quoting.quote("http://user:Plain0Passw0rd@127.0.0.1:9/v1"));
    }
}
