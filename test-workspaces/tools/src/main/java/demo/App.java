package demo;

import java.util.List;

/** Greets people. */
public class App {

    private final String greeting;

    public App(String greeting) {
        this.greeting = greeting;
    }

    public String greet(String name) {
        return greeting + ", " + name + "!";
    }

    public List<String> greetAll(List<String> names) {
        return names.stream().map(this::greet).toList();
    }

    public static void main(String[] args) {
        System.out.println(new App("Hello").greet("world"));
    }
}
