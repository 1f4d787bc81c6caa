package dev.agentls.conversation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RandomIdsTest {

    @Test
    void uuidIsAVersionFourUuidInItsUsualForm() {
        String id = RandomIds.uuid();
        UUID parsed = UUID.fromString(id);
        assertEquals(id, parsed.toString());
        assertEquals(4, parsed.version());
        assertEquals(2, parsed.variant());
        assertTrue(id.matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"), id);
    }

    @Test
    void uuidsDrawnOnManyThreadsAtOnceNeverRepeat() {
        Set<String> seen = ConcurrentHashMap.newKeySet();
        IntStream.range(0, 200_000).parallel().forEach(i -> seen.add(RandomIds.uuid()));
        assertEquals(200_000, seen.size());
    }

    @Test
    void timestampedIdIsTheUtcSecondThenEightHexDigits() {
        String id = RandomIds.timestamped(Instant.parse("2026-01-02T03:04:05.999Z"));
        assertTrue(id.matches("20260102-030405-[0-9a-f]{8}"), id);
        assertTrue(RandomIds.timestamped(Instant.parse("0999-12-31T23:59:59Z")).startsWith("09991231-235959-"));
    }

    @Test
    void timestampedIdsOfTheSameSecondDifferAndSortByTime() {
        Instant now = Instant.parse("2026-11-24T15:00:00Z");
        Set<String> same = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            same.add(RandomIds.timestamped(now));
        }
        assertEquals(1000, same.size());
        assertTrue(RandomIds.timestamped(now).compareTo(RandomIds.timestamped(now.plusSeconds(1))) < 0);
        assertTrue(RandomIds.timestamped(Instant.parse("2026-09-30T23:59:59Z"))
                .compareTo(RandomIds.timestamped(Instant.parse("2026-10-01T00:00:00Z"))) < 0);
    }
}
