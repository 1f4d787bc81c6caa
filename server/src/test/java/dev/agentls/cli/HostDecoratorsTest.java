package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.agentls.host.Host;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A host that wraps another must pass on every method of {@link Host}, the default ones included: a decorator that
 * forgets one silently gives its run the default (no saves before a command, no client terminal) while the host it
 * wraps offers more. Each decorator on a run's way is checked here, so a new method of the host fails this test until
 * every decorator passes it on.
 */
class HostDecoratorsTest {

    private static final List<String> DECORATORS = List.of("dev.agentls.agent.RunHost",
            "dev.agentls.session.GuardedHost", "dev.agentls.cli.ApprovingHost");

    @Test
    void everyHostDecoratorDeclaresEveryMethodOfTheHost() throws Exception {
        List<String> missing = new ArrayList<>();
        for (String name : DECORATORS) {
            Class<?> decorator = Class.forName(name);
            for (Method method : Host.class.getMethods()) {
                if (Modifier.isStatic(method.getModifiers())) {
                    continue;
                }
                try {
                    decorator.getDeclaredMethod(method.getName(), method.getParameterTypes());
                } catch (NoSuchMethodException e) {
                    missing.add(decorator.getSimpleName() + "." + method.getName()
                            + Arrays.toString(method.getParameterTypes()));
                }
            }
        }
        assertEquals(List.of(), missing, "decorators that do not pass these host methods on");
    }
}
