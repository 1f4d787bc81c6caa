package demo;

import java.util.List;

/** Greets people by name. */
public class Greeter {

    private final String greeting;

    public Greeter(String greeting) {
        this.greeting = greeting;
    }

    public String greet(String name) {
        return greeting + ", " + name + "!";
    }

    public List<String> greetAll(List<String> names) {
        return names.stream().map(this::greet).toList();
    }
}
