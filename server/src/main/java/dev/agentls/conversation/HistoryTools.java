package dev.agentls.conversation;

import java.util.List;
import java.util.Objects;

/**
 * The tool and argument names the request history needs to recognise calls in it: the tool that reads a file whole,
 * the names it takes the file under, the names of a line range, and the tool that makes a plan. Given by whoever knows
 * the tools, as this package may not depend on them.
 */
public record HistoryTools(String readFile, List<String> fileArguments, List<String> rangeArguments,
                           String createPlan) {

    public HistoryTools {
        Objects.requireNonNull(readFile, "readFile");
        Objects.requireNonNull(createPlan, "createPlan");
        fileArguments = List.copyOf(fileArguments);
        rangeArguments = List.copyOf(rangeArguments);
    }
}
