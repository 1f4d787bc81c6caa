package dev.agentls.conversation;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ids for runs and conversations, drawn from {@link ThreadLocalRandom} rather than {@link UUID#randomUUID()}: they
 * name a run in events and a conversation's file, they are not secrets, and {@code randomUUID}'s first call makes a
 * {@code SecureRandom}, which loads and seeds the JDK's security providers (about 30 ms of a fresh JVM, measured for
 * {@code agentls run}'s start in BENCHMARKS.md). {@code ThreadLocalRandom} is seeded from the clocks and advanced per
 * thread, so two processes started together still draw different ids.
 */
public final class RandomIds {

    private RandomIds() {
    }

    /** A version-4 (random) UUID in its usual text form, like {@code UUID.randomUUID().toString()}. */
    public static String uuid() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long high = (random.nextLong() & ~0xF000L) | 0x4000L; // version 4
        long low = (random.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L; // IETF variant
        return new UUID(high, low).toString();
    }

    /**
     * A conversation id like {@code 20261124-051500-3f9a2c1b}: the UTC time to the second, so ids sort by creation,
     * and eight random hex digits, so two made in the same second differ. Written by hand: a
     * {@code DateTimeFormatter} pattern costs a fresh JVM ~9 ms to build (its parser and locale tables).
     */
    public static String timestamped(Instant now) {
        LocalDateTime t = LocalDateTime.ofEpochSecond(now.getEpochSecond(), 0, ZoneOffset.UTC);
        StringBuilder id = new StringBuilder(24);
        digits(id, t.getYear(), 4);
        digits(id, t.getMonthValue(), 2);
        digits(id, t.getDayOfMonth(), 2);
        id.append('-');
        digits(id, t.getHour(), 2);
        digits(id, t.getMinute(), 2);
        digits(id, t.getSecond(), 2);
        id.append('-');
        String tail = Integer.toHexString(ThreadLocalRandom.current().nextInt());
        id.append("0".repeat(8 - tail.length())).append(tail);
        return id.toString();
    }

    private static void digits(StringBuilder out, int value, int width) {
        String text = Integer.toString(value);
        for (int i = text.length(); i < width; i++) {
            out.append('0');
        }
        out.append(text);
    }
}
