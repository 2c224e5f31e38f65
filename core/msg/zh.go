package msg

// zh is the Chinese (zh-CN) catalogue, in the lecture's terms
// (docs/glossary.md). Every entry takes the same arguments as its English
// twin; where word order differs the verbs carry explicit indexes.
var zh = map[ID]string{
	"field.list":     "%d 个字段不被接受：%s",
	"field.required": "必须给出",
	"text":           "%s",
}
