package dev.agentls.agent;

import dev.agentls.config.ToolMode;
import dev.agentls.tools.Parameter;
import dev.agentls.tools.Tool;
import dev.agentls.tools.ToolSet;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;

/**
 * The system prompt, as fixed layers in a fixed order (seeds 001 section 3 and 004): role; tool-use rules; the
 * SEARCH/REPLACE format exactly as the engine reads it; the {@code ... existing code ...} rules; in XML tool mode the
 * tools' descriptions with examples (native mode sends schemas instead); system information; the objective and the
 * default workflow; git rules; for models known to stop early, a persistence line. Nothing in it changes between the steps of a run, so the prefix of every request is
 * byte-identical and providers' prompt caches hit. Project layers (rules files, repo map) come after it
 * ({@link #withProjectLayers}, from the agent's {@link ProjectContext}).
 */
final class PromptLayers {

    static final String ROLE = """
            You are AgentLS, a careful senior software engineer working inside the user's editor. You read, search \
            and change the files of the user's workspace with the tools below, and you run its build and tests. You \
            change only what the task needs, keep the code's style, and never claim what you did not check.""";

    static final String TOOL_RULES_PARALLEL = """
            # Using tools
            - Call tools to act; each call's result comes back to you before your next answer. Never guess a \
            result: wait for it.
            - You may call several tools that only read (read_file, grep_search, file_search, list_dir, \
            list_code_definition_names) in one answer; they run together. Calls that change files or run commands \
            run one at a time, in the order you give them.
            - Give every call its required parameters; an explanation says in one sentence why you call it.""";

    static final String TOOL_RULES_ONE = """
            # Using tools
            - Use one tool per answer, written as XML tags exactly as each tool's example shows, then stop and wait \
            for its result, which comes in the next message. Never guess a result and never write a result yourself.
            - Give every call its required parameters; an explanation says in one sentence why you call it.""";

    static final String SEARCH_REPLACE = """
            # replace_in_file: SEARCH/REPLACE blocks
            The diff parameter holds one or more blocks of this exact form:
            ------- SEARCH
            [exact lines of the current file]
            =======
            [the lines that replace them]
            +++++++ REPLACE
            Rules:
            - SEARCH must match the file's current lines character for character, whitespace and comments included; \
            read the file first. Matching that is only close is reported with the closest lines, and nothing changes.
            - Each SEARCH must match exactly one place: include enough surrounding lines to make it unique. A block \
            matching several places is refused with every candidate's line numbers.
            - Several blocks are applied in the file's order, all or none; keep them small and list them top to \
            bottom. An empty SEARCH replaces the whole file.
            - To delete code, leave REPLACE empty. To move code, use one block to delete and one to insert.
            Example, changing one line of src/App.java:
            ------- SEARCH
                public String greet(String name) {
                    return "Hello, " + name;
            =======
                public String greet(String name) {
                    return "Hello, " + name.strip();
            +++++++ REPLACE""";

    static final String LAZY_EDIT = """
            # edit_file: showing only what changes
            Write the new code and stand for each unchanged stretch with a comment in the file's own syntax, such \
            as "// ... existing code ..." (Java, JavaScript) or "# ... existing code ..." (Python, shell). Keep a \
            few unchanged lines around each change so it can be placed. Code left out without the marker is \
            deleted. When the edit cannot be placed deterministically, a second model places it by line numbers; \
            prefer replace_in_file for small, exact changes.""";

    static final String OBJECTIVE = """
            # Objective and workflow
            1. Understand the request and the code: list, search and read before you edit; never edit a file you \
            have not read in this conversation.
            2. For a task with several distinct parts, you may call create_plan first, then mark each step done with \
            complete_step; for a small task, just do it.
            3. Prefer replace_in_file for small changes, edit_file for larger ones, write_to_file for new files.
            4. When a tool fails, read its message: it says what was wrong and what is there; correct the call \
            rather than repeating it.
            5. Where the project has tests or a build, run them with execute_command to verify your change.
            6. When the task is done and verified, call attempt_completion with a summary of what changed. If you \
            need the user to decide something you cannot find out, use ask_followup_question.""";

    static final String GIT_RULES = """
            # Git
            - Never commit, push, create or switch branches, or rewrite history unless the user asks you to; leave \
            your changes in the working tree for the user to review.
            - Never discard changes you did not make (git checkout --, git reset --hard, git clean, git stash).""";

    /**
     * For models that tend to hand the turn back before the task is done: OpenAI's GPT-4.1 prompting guide
     * (https://cookbook.openai.com/examples/gpt4-1_prompting_guide, "Persistence") recommends saying so outright.
     */
    static final String PERSISTENCE = """
            Keep going until the task is completely resolved before ending your turn: do not stop to announce what \
            you will do next, do it with a tool call. End only with attempt_completion once the task is done and \
            verified, or with ask_followup_question when you need the user.""";

    private PromptLayers() {}

    /** The whole system prompt of a run, for no model in particular. */
    static String system(ToolMode toolMode, ToolSet tools, List<Path> roots, LocalDate date, String os) {
        return system(toolMode, tools, roots, date, os, "");
    }

    /** Whether {@code model} is of a family known to end its turn early (GPT-4.1, GPT-4o). */
    static boolean stopsEarly(String model) {
        String name = model.toLowerCase(java.util.Locale.ROOT);
        return name.contains("gpt-4.1") || name.contains("gpt-4o");
    }

    /** The whole system prompt of a run of {@code model}. */
    static String system(ToolMode toolMode, ToolSet tools, List<Path> roots, LocalDate date, String os,
                         String model) {
        StringBuilder text = new StringBuilder(ROLE).append("\n\n");
        text.append(toolMode == ToolMode.XML ? TOOL_RULES_ONE : TOOL_RULES_PARALLEL).append("\n\n");
        text.append(SEARCH_REPLACE).append("\n\n");
        text.append(LAZY_EDIT).append("\n\n");
        if (toolMode == ToolMode.XML) {
            text.append(xmlTools(tools)).append("\n\n");
        }
        text.append("# System information\n");
        text.append("- Operating system: ").append(os).append('\n');
        text.append("- Shell for execute_command: bash\n");
        text.append("- Workspace roots (paths are relative to the first):");
        for (Path root : roots) {
            text.append("\n  - ").append(root);
        }
        text.append("\n- Date: ").append(date).append("\n\n");
        text.append(OBJECTIVE).append("\n\n").append(GIT_RULES);
        if (stopsEarly(model)) {
            text.append("\n\n").append(PERSISTENCE);
        }
        return text.toString();
    }

    /**
     * The system prompt followed by the project layers (rules, repo map), which come after every fixed layer so the
     * fixed part stays the same prefix whatever the project says; fixed for a run once complete, so the whole stays
     * byte-identical from step to step (a request made before the repo map was read is the one exception).
     */
    static String withProjectLayers(String system, String projectLayers) {
        return projectLayers == null || projectLayers.isBlank() ? system : system + "\n\n" + projectLayers.strip();
    }

    /** Every tool as XML mode needs it: its description, an example call and its parameters. */
    private static String xmlTools(ToolSet tools) {
        StringBuilder text = new StringBuilder("# Tools\n");
        for (Tool tool : tools.tools()) {
            text.append("\n## ").append(tool.name()).append('\n').append(tool.description())
                    .append("\nExample:\n").append(tool.xmlExample()).append("\nParameters:");
            for (Parameter p : tool.parameters()) {
                text.append("\n- ").append(p.name()).append(p.required() ? " (required, " : " (optional, ")
                        .append(p.type().phrase())
                        .append(p.type() == Parameter.Type.STRING_ARRAY || p.type() == Parameter.Type.TITLED_ARRAY
                                ? " written as a JSON array" : "")
                        .append("): ").append(p.documented());
            }
            text.append('\n');
        }
        return text.toString().stripTrailing();
    }
}
