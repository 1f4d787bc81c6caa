package shop;

import java.util.List;

/** An order of a customer: its lines and their total. */
public record Order(String id, Customer customer, List<Money> lines) {

    public Money total() {
        Money sum = Money.of("0", "EUR");
        for (Money line : lines) {
            sum = sum.plus(line);
        }
        return sum;
    }
}
