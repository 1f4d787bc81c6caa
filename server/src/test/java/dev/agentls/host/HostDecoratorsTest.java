package dev.agentls.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * A host that wraps another must pass on every method of {@link Host}, the default ones included: a decorator that
 * forgets one silently gives its run the default (no saves before a command, no client terminal) while the host it
 * wraps offers more. {@link DelegatingHost} passes every one on, and every decorator on a run's way extends it, so a
 * new method of the host fails this test until {@link DelegatingHost} passes it on, and no decorator can drop it.
 */
class HostDecoratorsTest {

    private static final List<String> DECORATORS = List.of("dev.agentls.agent.RunHost",
            "dev.agentls.session.GuardedHost", "dev.agentls.cli.ApprovingHost");

    @Test
    void delegatingHostPassesEveryMethodOfTheHostToTheHostItWraps() throws Exception {
        List<String> reached = new ArrayList<>();
        Host wrapped = (Host) Proxy.newProxyInstance(Host.class.getClassLoader(), new Class<?>[] {Host.class},
                (proxy, method, arguments) -> {
                    reached.add(method.getName());
                    return answerOf(method.getReturnType());
                });
        Host decorator = new DelegatingHost(wrapped) { };
        List<String> expected = new ArrayList<>();
        for (Method method : Host.class.getMethods()) {
            if (Modifier.isStatic(method.getModifiers())) {
                continue;
            }
            expected.add(method.getName());
            Object[] arguments = new Object[method.getParameterCount()];
            Class<?>[] types = method.getParameterTypes();
            for (int i = 0; i < arguments.length; i++) {
                arguments[i] = argumentOf(types[i]);
            }
            method.invoke(decorator, arguments);
        }
        assertEquals(expected, reached, "host methods DelegatingHost does not pass on to the host it wraps");
    }

    @Test
    void everyHostDecoratorExtendsTheDelegatingHost() throws Exception {
        List<String> apart = new ArrayList<>();
        for (String name : DECORATORS) {
            if (!DelegatingHost.class.isAssignableFrom(Class.forName(name))) {
                apart.add(name);
            }
        }
        assertEquals(List.of(), apart, "decorators that could drop a host method");
    }

    private static Object answerOf(Class<?> type) {
        if (type == CompletableFuture.class) {
            return new CompletableFuture<>();
        }
        if (type == String.class) {
            return "";
        }
        return type == Optional.class ? Optional.empty() : null;
    }

    private static Object argumentOf(Class<?> type) {
        if (type == String.class) {
            return "x";
        }
        if (type == List.class) {
            return List.of();
        }
        if (type == FileChange.class) {
            return new FileChange.Create(Path.of("a.txt"), "text");
        }
        if (type == ApprovalQuestion.class) {
            return ApprovalQuestion.once("title", "detail");
        }
        throw new AssertionError("no argument for " + type + ": teach this test the host's new parameter type");
    }
}
