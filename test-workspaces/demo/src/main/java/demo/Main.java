package demo;

import java.util.List;

public class Main {
    public static void main(String[] args) {
        Greeter greeter = new Greeter("Hello");
        // TODO: read names from the command line
        for (String line : greeter.greetAll(List.of("Ada", "Linus"))) {
            System.out.println(line);
        }
    }
}
