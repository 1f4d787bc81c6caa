package invoices

func Total(cents []int) int { return 0 }
