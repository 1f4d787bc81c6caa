package dev.agentls.tools.command;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Git's sub-commands. Only those that read the repository run unasked ({@code status}, {@code diff}, {@code log},
 * {@code show}, listing branches, ...), and only against the workspace's own {@code .git} (which the file tools may
 * not write, so no configured program planted there runs): a folder that merely looks like a repository, options
 * that point git elsewhere or set its configuration, and every sub-command that writes (and may run hooks and
 * filters) ask, with the most specific reason known: a remote reached, uncommitted work discarded, history rewritten.
 */
final class GitRules {

    private static final Set<String> NETWORK = Set.of(
            "clone", "fetch", "pull", "push", "ls-remote", "submodule", "send-email", "request-pull", "svn", "p4",
            "lfs");
    private static final Set<String> HISTORY = Set.of("rebase", "filter-branch", "filter-repo", "replace", "prune");
    private static final Set<String> GLOBAL_WITH_VALUE = Set.of("-C", "-c", "--git-dir", "--work-tree", "--namespace",
            "--exec-path", "--config-env");
    private static final Pattern PROGRAM_KEYS = Pattern.compile(
            "(?i)alias\\..*|core\\.(sshcommand|hookspath|pager|editor|fsmonitor|gitproxy|askpass|worktree)"
                    + "|.*\\.(command|cmd|helper|program|textconv|clean|smudge|process|external|driver|tool|browser)"
                    + "|credential\\..*|url\\..*|http\\..*|include\\..*|includeif\\..*|pager\\..*|sequence\\.editor"
                    + "|uploadpack\\..*|receive\\..*");

    private static final Set<String> READ_ONLY = Set.of(
            "status", "diff", "log", "show", "blame", "annotate", "shortlog", "describe", "rev-parse", "rev-list",
            "ls-files", "ls-tree", "cat-file", "grep", "show-ref", "for-each-ref", "name-rev", "merge-base",
            "count-objects", "var", "version", "help", "whatchanged", "check-ignore", "check-attr", "diff-tree",
            "diff-files", "diff-index", "range-diff", "cherry", "show-branch");
    private static final Set<String> ELSEWHERE = Set.of("--git-dir", "--work-tree", "--bare");

    private final Inspection inspection;

    GitRules(Inspection inspection) {
        this.inspection = inspection;
    }

    void inspect(List<Word> args) {
        List<Word> directories = new java.util.ArrayList<>();
        int at = 0;
        while (at < args.size()) {
            String text = text(args.get(at));
            if (!text.startsWith("-")) {
                break;
            }
            String option = text.contains("=") ? text.substring(0, text.indexOf('=')) : text;
            if (option.equals("-c") || option.equals("--exec-path") || option.equals("--config-env")) {
                inspection.approve("`git " + option + "` can make git run other programs");
            }
            if (ELSEWHERE.contains(option)) {
                inspection.approve("`git " + option + "` makes git use a repository other than the workspace's");
            }
            inspection.checkArgument(args.get(at), false);
            if (GLOBAL_WITH_VALUE.contains(text) && at + 1 < args.size()) {
                inspection.checkArgument(args.get(at + 1), false);
                if (text.equals("-C")) {
                    directories.add(args.get(at + 1));
                }
                at++;
            }
            at++;
        }
        if (at >= args.size()) {
            return;
        }
        String sub = text(args.get(at));
        List<Word> rest = args.subList(at + 1, args.size());
        rest.forEach(a -> inspection.checkArgument(a, false));
        int before = inspection.reasonCount();
        specific(sub, rest);
        Optional<String> reads = reads(sub, rest);
        if (reads.isPresent() && inspection.reasonCount() == before) {
            inspection.approve(reads.get());
        } else if (reads.isEmpty()) {
            new GitRepositories(inspection).checkDiscovered(directories);
        }
    }

    /**
     * Empty when this use of {@code sub} only reads; else why it asks: it writes to the repository or the working
     * tree, where git runs hooks and filters, or has an option that writes a file or runs a program.
     */
    private Optional<String> reads(String sub, List<Word> rest) {
        List<String> texts = rest.stream().map(this::text).toList();
        List<String> operands = texts.stream().filter(t -> !t.startsWith("-")).toList();
        Optional<String> writes = Optional.of("`git " + sub + "` changes the repository or the working tree, where"
                + " git may run hooks, filters and other programs it is configured with");
        boolean help = sub.equals("help");
        boolean grep = sub.equals("grep");
        if (texts.stream().anyMatch(t -> t.startsWith("--output") || t.equals("--ext-diff")
                || (grep && (t.startsWith("-O") || t.startsWith("--open-files-in-pager")))
                || (help && t.matches("--(web|info|man)|-[wim]")))) {
            return Optional.of("`git " + sub + "` has an option that writes a file or runs another program");
        }
        boolean listing = switch (sub) {
            case "branch" -> operands.isEmpty() && texts.stream().noneMatch(t -> t.matches(
                    "-[a-zA-Z]*[dDmMcCfu][a-zA-Z]*|--(delete|move|copy|force|set-upstream-to.*|unset-upstream"
                            + "|edit-description|track.*|no-track|create-reflog)"));
            case "tag" -> texts.isEmpty() || ((texts.contains("-l") || texts.contains("--list"))
                    && texts.stream().noneMatch(t -> t.matches("-[a-zA-Z]*[dasfmFu][a-zA-Z]*|--(delete|annotate"
                    + "|sign|force|message.*|file.*)")));
            case "remote" -> operands.isEmpty() || operands.get(0).equals("get-url");
            case "stash" -> !operands.isEmpty() && Set.of("list", "show").contains(operands.get(0));
            case "reflog" -> operands.isEmpty() || operands.get(0).equals("show");
            case "worktree" -> !operands.isEmpty() && operands.get(0).equals("list");
            case "notes" -> !operands.isEmpty() && Set.of("list", "show").contains(operands.get(0));
            case "config" -> (operands.size() <= 1 && texts.stream().anyMatch(t -> t.matches("--get.*|--list|-l"
                    + "|--show-origin|--show-scope|--name-only|--null|-z"))
                    && texts.stream().noneMatch(t -> t.matches("--(add|unset.*|replace-all|rename-section"
                    + "|remove-section|edit)|-e")))
                    || (!operands.isEmpty() && Set.of("get", "list").contains(operands.get(0)));
            default -> READ_ONLY.contains(sub);
        };
        return listing ? Optional.empty() : writes;
    }

    private void specific(String sub, List<Word> rest) {
        String named = "`git " + sub + "`";
        if (NETWORK.contains(sub)) {
            inspection.approve(named + (sub.equals("push") ? " changes a remote repository" : " uses the network"));
        } else if (HISTORY.contains(sub)) {
            inspection.approve(named + " rewrites history or deletes objects");
        }
        switch (sub) {
            case "reset" -> {
                if (has(rest, "--hard") || has(rest, "--merge") || has(rest, "--keep")) {
                    inspection.approve("`git reset --hard` discards uncommitted changes");
                }
            }
            case "clean" -> {
                if (!has(rest, "-n") && !has(rest, "--dry-run")) {
                    inspection.approve("`git clean` deletes untracked files");
                }
            }
            case "checkout" -> checkout(rest);
            case "restore" -> {
                boolean stagedOnly = (has(rest, "--staged") || has(rest, "-S"))
                        && !has(rest, "--worktree") && !has(rest, "-W");
                if (!stagedOnly) {
                    inspection.approve("`git restore` discards uncommitted changes");
                }
            }
            case "switch" -> {
                if (has(rest, "-f") || has(rest, "--force") || has(rest, "--discard-changes") || has(rest, "-C")) {
                    inspection.approve("`git switch --force` discards uncommitted changes");
                }
            }
            case "stash" -> {
                Optional<String> action = rest.stream().map(this::text).filter(t -> !t.startsWith("-")).findFirst();
                if (action.isPresent() && Set.of("drop", "clear").contains(action.get())) {
                    inspection.approve("`git stash " + action.get() + "` deletes stashed changes");
                }
            }
            case "branch", "tag" -> {
                if (rest.stream().map(this::text).anyMatch(t -> t.matches("-[a-zA-Z]*[dDfM][a-zA-Z]*|--delete|--force"
                        + "|--move"))) {
                    inspection.approve(named + " deletes, moves or overwrites a " + sub);
                }
            }
            case "rm" -> {
                if (!has(rest, "--cached")) {
                    inspection.approve("`git rm` deletes files");
                }
            }
            case "reflog" -> {
                if (rest.stream().map(this::text).anyMatch(t -> t.equals("expire") || t.equals("delete"))) {
                    inspection.approve("`git reflog expire` deletes recovery information");
                }
            }
            case "gc" -> {
                if (rest.stream().map(this::text).anyMatch(t -> t.startsWith("--prune"))) {
                    inspection.approve("`git gc --prune` deletes unreachable objects");
                }
            }
            case "update-ref" -> {
                if (has(rest, "-d")) {
                    inspection.approve("`git update-ref -d` deletes a ref");
                }
            }
            case "worktree" -> {
                if (rest.stream().map(this::text).anyMatch(t -> t.equals("remove") || t.equals("prune"))) {
                    inspection.approve("`git worktree remove` deletes a working tree");
                }
            }
            case "remote" -> {
                if (rest.stream().map(this::text).anyMatch(t -> t.equals("update") || t.equals("prune"))) {
                    inspection.approve("`git remote update` uses the network");
                }
            }
            case "config" -> config(rest);
            default -> { }
        }
    }

    private void checkout(List<Word> rest) {
        if (has(rest, "-f") || has(rest, "--force")) {
            inspection.approve("`git checkout --force` discards uncommitted changes");
            return;
        }
        boolean paths = has(rest, "--") || has(rest, ".");
        if (!paths && !has(rest, "-b") && !has(rest, "-B")) {
            paths = rest.stream().filter(w -> !text(w).startsWith("-")).anyMatch(inspection::isFile);
        }
        if (paths) {
            inspection.approve("`git checkout` of paths discards their uncommitted changes");
        }
    }

    private void config(List<Word> rest) {
        if (has(rest, "--global") || has(rest, "--system") || has(rest, "--file") || has(rest, "-f")) {
            inspection.approve("`git config --global` changes configuration outside the workspace");
        }
        List<String> operands = rest.stream().map(this::text).filter(t -> !t.startsWith("-")).toList();
        if (operands.size() >= 2 && PROGRAM_KEYS.matcher(operands.get(0)).matches()) {
            inspection.approve("`git config " + operands.get(0) + "` can make git run other programs");
        }
    }

    private boolean has(List<Word> words, String flag) {
        return words.stream().anyMatch(w -> text(w).equals(flag));
    }

    private String text(Word word) {
        return inspection.text(word).orElse("");
    }
}
