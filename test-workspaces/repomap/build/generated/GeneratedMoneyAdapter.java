package shop;

/** Generated, and ignored by .gitignore: must never appear in the map. */
public final class GeneratedMoneyAdapter {
    public Money adaptGeneratedMoney(Money money) { return money; }
}
