package shop;

/** Writes an invoice's text; knows nothing of checkout or pricing. */
public final class InvoiceFormatter {

    public String formatInvoiceHeader(String shopName) {
        return "INVOICE\n" + shopName + "\n";
    }

    public String formatAmount(Money money) {
        return money.amount().toPlainString() + " " + money.currency();
    }
}
