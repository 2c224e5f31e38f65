package ui

// T returns the message of key in language lang ("zh" or "en"). A key
// missing from the catalog returns the key itself, so a gap shows on screen
// (and the catalog test fails) instead of an empty string. O(1).
func T(lang, key string) string {
	cat := en
	if lang == "zh" {
		cat = zh
	}
	if v, ok := cat[key]; ok {
		return v
	}
	return key
}

// Catalogs returns the message catalogs by language (for tests and tools).
func Catalogs() map[string]map[string]string {
	return map[string]map[string]string{"en": en, "zh": zh}
}
