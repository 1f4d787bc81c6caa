package shop;

import java.math.BigDecimal;

/** An amount in one currency. */
public record Money(BigDecimal amount, String currency) {

    public static Money of(String amount, String currency) {
        return new Money(new BigDecimal(amount), currency);
    }

    public Money plus(Money other) {
        return new Money(amount.add(other.amount), currency);
    }

    public Money times(BigDecimal factor) {
        return new Money(amount.multiply(factor), currency);
    }
}
