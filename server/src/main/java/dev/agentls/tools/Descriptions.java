package dev.agentls.tools;

/**
 * Fills the numbers into a tool's description: each {@code %d} of the template, in order, becomes the next value.
 * Not {@code String.formatted}: its first use in a process loads the locale's number formats (about 10 ms of CPU),
 * and every run's first request reads every tool's description.
 */
final class Descriptions {

    private Descriptions() {}

    /** The template with its {@code %d}s replaced by {@code values}; a count that does not match is a bug, refused. */
    static String fill(String template, long... values) {
        StringBuilder text = new StringBuilder(template.length() + 8 * values.length);
        int used = 0;
        int from = 0;
        for (int at = template.indexOf("%d"); at >= 0; at = template.indexOf("%d", from)) {
            if (used == values.length) {
                throw new IllegalArgumentException("more %d in the template than the " + values.length + " values");
            }
            text.append(template, from, at).append(values[used++]);
            from = at + 2;
        }
        if (used != values.length) {
            throw new IllegalArgumentException("the template has " + used + " %d for " + values.length + " values");
        }
        return text.append(template, from, template.length()).toString();
    }
}
