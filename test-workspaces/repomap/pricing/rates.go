package pricing

// TaxRate is the rate of one country.
type TaxRate struct {
	Country string
	Percent float64
}

// RateFor finds the tax rate of a country.
func RateFor(country string, rates []TaxRate) TaxRate {
	for _, r := range rates {
		if r.Country == country {
			return r
		}
	}
	return TaxRate{Country: country}
}
