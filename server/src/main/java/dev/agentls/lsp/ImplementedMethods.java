package dev.agentls.lsp;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;
import org.eclipse.lsp4j.jsonrpc.services.JsonDelegate;
import org.eclipse.lsp4j.jsonrpc.services.JsonNotification;
import org.eclipse.lsp4j.jsonrpc.services.JsonRequest;
import org.eclipse.lsp4j.jsonrpc.services.JsonSegment;

/**
 * The JSON-RPC methods a service really implements. LSP4J's interfaces declare every standard method with a default
 * body that throws, which LSP4J answers as "Internal error." with a stack trace; only a method the service's class
 * overrides is offered, and every other one is MethodNotFound. Read from the annotations once per connection, so
 * a handler added later is offered without touching a list.
 */
final class ImplementedMethods {

    private ImplementedMethods() {}

    /** The names ({@code textDocument/didOpen}, {@code shutdown}) of the methods {@code service} and its delegates override. */
    static Set<String> of(Object service) {
        Set<String> names = new LinkedHashSet<>();
        collect(service, names, new HashSet<>());
        return Set.copyOf(names);
    }

    private static void collect(Object service, Set<String> names, Set<Object> visited) {
        if (service == null || !visited.add(service)) {
            return;
        }
        for (Class<?> type : interfacesOf(service.getClass())) {
            String segment = type.isAnnotationPresent(JsonSegment.class)
                    ? type.getAnnotation(JsonSegment.class).value() + "/" : "";
            for (Method declared : type.getDeclaredMethods()) {
                String name = nameOf(declared, segment);
                if (name != null && overrides(service.getClass(), declared)) {
                    names.add(name);
                }
                if (declared.isAnnotationPresent(JsonDelegate.class)) {
                    collect(delegate(service, declared), names, visited);
                }
            }
        }
    }

    private static String nameOf(Method method, String segment) {
        JsonRequest request = method.getAnnotation(JsonRequest.class);
        if (request != null) {
            return (request.useSegment() ? segment : "") + (request.value().isEmpty() ? method.getName() : request.value());
        }
        JsonNotification notification = method.getAnnotation(JsonNotification.class);
        if (notification != null) {
            return (notification.useSegment() ? segment : "")
                    + (notification.value().isEmpty() ? method.getName() : notification.value());
        }
        return null;
    }

    private static boolean overrides(Class<?> implementation, Method declared) {
        try {
            Method resolved = implementation.getMethod(declared.getName(), declared.getParameterTypes());
            return !resolved.getDeclaringClass().isInterface();
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private static Object delegate(Object service, Method getter) {
        try {
            return getter.invoke(service);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read the delegate " + getter.getName() + " of "
                    + service.getClass().getSimpleName(), e);
        }
    }

    private static Set<Class<?>> interfacesOf(Class<?> type) {
        Set<Class<?>> found = new LinkedHashSet<>();
        Deque<Class<?>> todo = new ArrayDeque<>();
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            todo.addAll(java.util.List.of(c.getInterfaces()));
        }
        while (!todo.isEmpty()) {
            Class<?> next = todo.pop();
            if (found.add(next)) {
                todo.addAll(java.util.List.of(next.getInterfaces()));
            }
        }
        return found;
    }
}
