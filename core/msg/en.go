package msg

// en is the English catalogue: the CLI's and the API's language, and the
// text of every error value. Keys are grouped by the package that speaks
// them; formats take the arguments listed at the call site.
var en = map[ID]string{
	"field.list":     "%d fields are refused: %s",
	"field.required": "is required",
	"text":           "%s",
}
