package dev.agentls.config;

/**
 * Settings of the agent loop ({@code agentls.agent.*}).
 *
 * @param maxIterations model calls one run may make before it stops with {@code max_iterations}, at least 1
 */
public record AgentSettings(int maxIterations) {

    public static final AgentSettings DEFAULTS = new AgentSettings(25);

    public AgentSettings {
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations must be at least 1, got " + maxIterations);
        }
    }
}
