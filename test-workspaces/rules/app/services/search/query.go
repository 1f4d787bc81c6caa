package search

func Query(q string) []string { return nil }
