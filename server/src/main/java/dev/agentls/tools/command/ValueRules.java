package dev.agentls.tools.command;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks the values a line gives and evaluates: assignments to variables that decide what runs, and arithmetic, where
 * bash evaluates names as expressions and runs substitutions in array subscripts. Reasons go to the
 * {@link Inspection} of the line.
 */
final class ValueRules {

    private static final Pattern ARITHMETIC_NAME = Pattern.compile("(?<![0-9A-Za-z_#])[A-Za-z_][A-Za-z0-9_]*");

    private final Inspection inspection;

    ValueRules(Inspection inspection) {
        this.inspection = inspection;
    }

    /**
     * Checks {@code NAME=value}: a variable that decides what runs ({@code PATH}, {@code BASH_ENV}, {@code IFS},
     * {@code LD_PRELOAD}, ...) asks, and so does a value holding a substitution as text, which arithmetic and
     * {@code ${x@P}} would run. The value is checked as an argument.
     */
    void checkAssignment(Word assignment) {
        String raw = assignment.display();
        int equals = raw.indexOf('=');
        String name = equals > 0 ? raw.substring(0, equals).replace("+", "").replaceAll("\\[.*", "") : raw;
        if (CommandTables.CODE_VARIABLES.matcher(name).matches()) {
            inspection.approve("setting " + name + " changes which programs run or what they run");
        }
        Word value = LineScope.assignmentValue(assignment);
        inspection.text(value).filter(Inspection::holdsSubstitution).ifPresent(v -> inspection.approve(name
                + " holds a substitution as text, which arithmetic or a prompt expansion would run"));
        inspection.checkArgument(value, false);
    }

    /**
     * Checks an arithmetic expression: bash evaluates a variable's value there as an expression in turn, and an
     * array subscript in it ({@code a[$(cmd)]}) runs commands, so every name must hold a known number.
     */
    void checkArithmetic(String expression) {
        Matcher names = ARITHMETIC_NAME.matcher(expression);
        while (names.find()) {
            String name = names.group();
            if (!inspection.value(name).orElse("").strip().matches("-?[0-9]+")) {
                inspection.approve("arithmetic reads " + name + ", whose value is not a known number (a value such as"
                        + " a[$(cmd)] would run a command)");
            }
        }
    }
}
