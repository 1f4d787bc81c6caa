package dev.agentls.bench;

import dev.agentls.agent.Agent;
import dev.agentls.conversation.ContextHistory;
import dev.agentls.conversation.Conversation;
import dev.agentls.conversation.RequestHistory;
import dev.agentls.outline.TokenCounter;
import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ToolCall;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * scripts/bench-context: a scripted 40-step session that reads and edits the same six files over and over (a seeded
 * mix: whole reads, one-line edits whose result is a summary, greps), sent through {@link ContextHistory} against an
 * append-only history ({@link RequestHistory#whole()}, as Claude Code keeps one), both after the same fixed system
 * prompt. Per run it prints the billed input cost of ours against append-only under each provider's published cache
 * pricing ({@link CachePricing}: the prefix a request repeats from the one before it is a cache read, from request 1
 * on), the prompt tokens sent (ours / append-only), whether every request held the newest copy the model had read of
 * every file, the share of each request's history that is a byte-identical prefix of the previous request's (on
 * steps with no pruning), and the time of de-duplication + pruning + building the request's JSON per step on a
 * history of about 100k tokens. Figures are medians of RUNS runs. Usage: scripts/bench-context [RUNS]; exits 1 when a
 * median misses its floor (cost 0.8x append-only on each provider, 90%, 5 ms).
 */
public final class ContextBench {

    private static final int STEPS = 40;
    private static final String[] FILES = {"src/main/java/shop/Cart.java", "src/main/java/shop/Order.java",
            "src/main/java/shop/Pricing.java", "src/main/java/shop/Inventory.java", "src/main/java/shop/Customer.java",
            "src/main/java/shop/Checkout.java"};

    /** The run's system prompt and tool list stand-in: the same every request, so cached from request 2 on. */
    private static final String SYSTEM = systemPrompt();

    record Session(double ratio, boolean newestAlways, double prefixShare, int pruningSteps,
                           double allStepsShare, double anthropicCost, double openAiCost) {}

    /** Billed input cost over a session, in base-price tokens: ours and an append-only history's, per provider. */
    private static final class Bill {
        private final TokenCounter counter;
        private String previous = "";
        double anthropic;
        double openAi;

        Bill(TokenCounter counter) {
            this.counter = counter;
        }

        /** Adds the request whose text is {@code sent}, cached as far as it repeats the previous request. */
        void add(String sent) {
            long total = counter.count(sent);
            long prefix = counter.count(sent.substring(0, commonPrefix(previous, sent)));
            anthropic += CachePricing.ANTHROPIC.cost(prefix, total);
            openAi += CachePricing.OPENAI.cost(prefix, total);
            previous = sent;
        }
    }

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        TokenCounter counter = TokenCounter.forModel("gpt-4o");
        List<Double> ratios = new ArrayList<>();
        List<Double> shares = new ArrayList<>();
        List<Double> millis = new ArrayList<>();
        List<Double> cold = new ArrayList<>();
        List<Double> anthropic = new ArrayList<>();
        List<Double> openAi = new ArrayList<>();
        boolean newest = true;
        timing(counter); // warm-up: JIT and the token counts' code paths, not reported
        for (int run = 0; run < runs; run++) {
            Session s = session(counter, 60_000);
            ratios.add(s.ratio());
            shares.add(s.prefixShare());
            anthropic.add(s.anthropicCost());
            openAi.add(s.openAiCost());
            newest &= s.newestAlways();
            System.out.printf("run %d: tokens sent %.3fx naive, newest copy always present: %s, prefix share %.1f%%"
                    + " (median over steps without pruning; %d of 40 steps pruned or collapsed copies; mean over all"
                    + " steps %.1f%%)%n", run + 1, s.ratio(), s.newestAlways(), s.prefixShare() * 100,
                    s.pruningSteps(), s.allStepsShare() * 100);
            System.out.printf("run %d: billed input cost with prompt caching vs an append-only history: Anthropic"
                    + " %.3fx, OpenAI %.3fx%n", run + 1, s.anthropicCost(), s.openAiCost());
            double[] t = timing(counter);
            cold.add(t[0]);
            millis.add(t[1]);
            System.out.printf("run %d: 100k-token history: first request %.2f ms (cold counts), then %.3f ms per step"
                    + " (median of 30 steps)%n", run + 1, t[0], t[1]);
        }
        double ratio = median(ratios);
        double share = median(shares);
        double perStep = median(millis);
        System.out.printf("MEDIAN of %d runs: tokens %.3fx naive, newest copy in every request: %s,"
                + " prefix share %.1f%% (floor >= 90%%), pruning + request building %.3f ms per step at 100k tokens"
                + " (floor <= 5 ms; first request with cold counts %.1f ms)%n", runs, ratio, newest, share * 100,
                perStep, median(cold));
        System.out.printf("MEDIAN of %d runs: billed input cost with prompt caching vs an append-only history (the"
                + " same system prompt cached from request 1): Anthropic %.3fx, OpenAI %.3fx (floor <= 0.8)%n", runs,
                median(anthropic), median(openAi));
        boolean ok = newest && share >= 0.9 && perStep <= 5 && median(anthropic) <= 0.8
                && median(openAi) <= 0.8;
        System.exit(ok ? 0 : 1);
    }

    /** The 40-step session; budget is the history's share of the safe zone. */
    static Session session(TokenCounter counter, long budget) {
        dev.agentls.conversation.MessageTokens messageTokens = new dev.agentls.conversation.MessageTokens(counter);
        Random random = new Random(12);
        Map<String, List<String>> files = new LinkedHashMap<>();
        for (int f = 0; f < FILES.length; f++) {
            files.put(FILES[f], javaFile(FILES[f], 150 + 40 * f));
        }
        Conversation ours = new Conversation("bench");
        ContextHistory history = new ContextHistory(counter, budget, Agent.HISTORY_TOOLS);
        ours.append("r", new ModelMessage.User("Add a discount code to the checkout, with tests, and keep the"
                + " pricing rules consistent across Cart, Order and Pricing."));
        Map<String, String> newestRead = new LinkedHashMap<>();
        long naiveTokens = 0;
        long ourTokens = 0;
        boolean newestAlways = true;
        List<Double> shares = new ArrayList<>();
        List<Double> allShares = new ArrayList<>();
        int pruningSteps = 0;
        String previous = null;
        Bill ourBill = new Bill(counter);
        Bill appendOnly = new Bill(counter);
        for (int step = 1; step <= STEPS; step++) {
            String path = FILES[step <= 6 ? step - 1 : random.nextInt(3) + (random.nextInt(4) == 0 ? 3 : 0)];
            String id = "call_" + step;
            int kind = step <= 6 ? 0 : random.nextInt(10);
            if (kind < 5) {
                String content = readResult(path, files.get(path));
                ours.append("r", ModelMessage.Assistant.of(new ModelMessage.Text("Reading " + path + "."),
                        new ToolCall(id, "read_file", "{\"target_file\":\"" + path + "\",\"explanation\":\"see\"}")));
                ours.append("r", new ModelMessage.ToolResult(id, "read_file", content, false));
                newestRead.put(path, content);
            } else if (kind < 9) {
                List<String> lines = files.get(path);
                int at = 10 + random.nextInt(lines.size() - 20);
                String old = lines.get(at);
                lines.set(at, old.replace(";", "; // discount " + step));
                ours.append("r", ModelMessage.Assistant.of(new ModelMessage.Text("Editing " + path + "."),
                        new ToolCall(id, "replace_in_file", "{\"target_file\":\"" + path + "\",\"diff\":\"------- SEARCH\\n"
                                + old.replace("\"", "\\\"") + "\\n=======\\n" + lines.get(at).replace("\"", "\\\"")
                                + "\\n+++++++ REPLACE\\n\"}")));
                ours.append("r", new ModelMessage.ToolResult(id, "replace_in_file", "Applied 1 block to " + path
                        + " (line " + (at + 1) + ").", false));
            } else {
                ours.append("r", ModelMessage.Assistant.of(new ToolCall(id, "grep_search",
                        "{\"query\":\"discount\"}")));
                ours.append("r", new ModelMessage.ToolResult(id, "grep_search", grepResult(files), false));
            }
            RequestHistory.Next next = history.next(ours, Set.of());
            List<ModelMessage> naive = RequestHistory.whole().next(ours, Set.of()).messages();
            naiveTokens += naive.stream().mapToLong(messageTokens::count).sum();
            ourTokens += next.messages().stream().mapToLong(messageTokens::count).sum();
            String sent = serialize(next.messages());
            ourBill.add(SYSTEM + sent);
            appendOnly.add(SYSTEM + serialize(naive));
            for (String copy : newestRead.values()) {
                newestAlways &= sent.contains(escape(copy));
            }
            if (previous != null) {
                allShares.add(commonPrefix(previous, sent) / (double) sent.length());
            }
            if (next.pruned().isEmpty() && previous != null) {
                shares.add(commonPrefix(previous, sent) / (double) sent.length());
            } else if (!next.pruned().isEmpty()) {
                pruningSteps++;
            }
            previous = sent;
        }
        return new Session(ourTokens / (double) naiveTokens, newestAlways, median(shares), pruningSteps,
                allShares.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN),
                ourBill.anthropic / appendOnly.anthropic, ourBill.openAi / appendOnly.openAi);
    }

    /** {first request ms, median ms per later step} on a history of about 100k tokens, pruned to an 80k budget. */
    static double[] timing(TokenCounter counter) {
        Conversation c = new Conversation("big");
        c.append("r", new ModelMessage.User("task"));
        int step = 0;
        List<String> body = javaFile("src/Big.java", 150);
        while (tokens(counter, c) < 100_000) {
            step++;
            String id = "t" + step;
            String path = "src/F" + (step % 40) + ".java";
            c.append("r", ModelMessage.Assistant.of(new ToolCall(id, "read_file", "{\"target_file\":\"" + path + "\"}")));
            c.append("r", new ModelMessage.ToolResult(id, "read_file", readResult(path, body) + "// v" + step + "\n",
                    false));
        }
        ContextHistory history = new ContextHistory(TokenCounter.forModel("gpt-4o"), 80_000, Agent.HISTORY_TOOLS);
        long start = System.nanoTime();
        serialize(history.next(c, Set.of()).messages());
        double first = (System.nanoTime() - start) / 1e6;
        List<Double> steps = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            step++;
            String id = "t" + step;
            c.append("r", ModelMessage.Assistant.of(new ToolCall(id, "grep_search", "{\"query\":\"x" + i + "\"}")));
            c.append("r", new ModelMessage.ToolResult(id, "grep_search", "src/F1.java:3: x" + i, false));
            long t = System.nanoTime();
            serialize(history.next(c, Set.of()).messages());
            steps.add((System.nanoTime() - t) / 1e6);
        }
        return new double[] {first, median(steps)};
    }

    /** About 4k tokens of fixed instructions and tool schemas, as a run's system prompt and tools take. */
    private static String systemPrompt() {
        StringBuilder out = new StringBuilder("You are AgentLS, a careful senior software engineer.\n");
        for (int i = 0; i < 120; i++) {
            out.append("- Rule ").append(i).append(": read a file before you edit it, keep the code's style, and run")
                    .append(" the tests that cover what you change.\n");
        }
        return out.toString();
    }

    private static long tokens(TokenCounter counter, Conversation c) {
        dev.agentls.conversation.MessageTokens messages = new dev.agentls.conversation.MessageTokens(counter);
        return c.messages().stream().mapToLong(m -> messages.count(m.message())).sum();
    }

    private static List<String> javaFile(String path, int lines) {
        List<String> out = new ArrayList<>();
        String name = path.substring(path.lastIndexOf('/') + 1).replace(".java", "");
        out.add("package shop;");
        out.add("");
        out.add("public final class " + name + " {");
        for (int i = 3; i < lines - 1; i++) {
            out.add(i % 7 == 0 ? "" : "    private long " + name.toLowerCase() + "Field" + i + " = computeValue(" + i
                    + ", \"" + name + "\");");
        }
        out.add("}");
        return out;
    }

    private static String readResult(String path, List<String> lines) {
        return "[" + path + ": " + lines.size() + " lines]\n" + String.join("\n", lines) + "\n";
    }

    private static String grepResult(Map<String, List<String>> files) {
        StringBuilder out = new StringBuilder();
        files.forEach((path, lines) -> {
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).contains("discount")) {
                    out.append(path).append(':').append(i + 1).append(": ").append(lines.get(i).strip()).append('\n');
                }
            }
        });
        return out.length() == 0 ? "No matches." : out.toString();
    }

    /** The history as a request carries it: one JSON string per message (what the wire form is built from). */
    private static String serialize(List<ModelMessage> messages) {
        StringBuilder out = new StringBuilder();
        for (ModelMessage m : messages) {
            String text = m instanceof ModelMessage.ToolResult r ? r.content()
                    : m instanceof ModelMessage.User u ? u.text()
                    : m instanceof ModelMessage.Assistant a ? a.text() + a.toolCalls() : m.toString();
            out.append("{\"role\":\"").append(m.getClass().getSimpleName()).append("\",\"content\":\"")
                    .append(escape(text)).append("\"},");
        }
        return out.toString();
    }

    private static String escape(String text) {
        return text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    private static int commonPrefix(String a, String b) {
        int n = Math.min(a.length(), b.length());
        int i = Arrays.mismatch(a.toCharArray(), 0, n, b.toCharArray(), 0, n);
        return i < 0 ? n : i;
    }

    private static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
