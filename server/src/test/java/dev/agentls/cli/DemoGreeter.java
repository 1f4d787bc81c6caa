package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;

/** The demo workspace's greeter and the edit many run tests script on it: stripping the name it greets. */
final class DemoGreeter {

    static final String PATH = "src/main/java/demo/Greeter.java";
    static final String STRIP_NAME = """
            ------- SEARCH
                    return greeting + ", " + name + "!";
            =======
                    return greeting + ", " + name.strip() + "!";
            +++++++ REPLACE""";

    private DemoGreeter() {}

    /** A model that reads the greeter, strips the name and says it is done: three answers. */
    static OpenAiScript stripsNames() {
        return new OpenAiScript()
                .answer("Reading it.", "read_file", arguments("target_file", PATH))
                .answer("", "replace_in_file", arguments("target_file", PATH, "diff", STRIP_NAME))
                .answer("", "attempt_completion", arguments("result", "Names are stripped."));
    }
}
