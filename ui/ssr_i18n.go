package ui

// The server-rendered page's own words: the form's submit button (the page
// works as an HTML form until the WebAssembly takes it over), what the page
// is with JavaScript off, what a simulation over the render's budget means
// (budgetNote), the note a static host's page shows while its
// numbers wait for the WebAssembly, and the page a busy server sends
// instead of rendering (ssr.busy).
var ssrEN = map[string]string{
	"ssr.submit":        "Update",
	"tools.loading":     "Loading this view: it is part of the playground's second module, which loads with its page.",
	"ssr.loading":       "Loading the interactive page; meanwhile the form works: change a field and press Enter or Update.",
	"ssr.loading.view":  "Loading the interactive page; meanwhile the numbers are the server's.",
	"ssr.noscript.form": "Without JavaScript this page is a form: change a field and press Enter or Update. The animations, file inputs and exports need JavaScript and WebAssembly.",
	"ssr.noscript.view": "Without JavaScript this view shows its question's numbers as the server computed them; changing the question needs JavaScript and WebAssembly.",
	"ssr.budget":        " (%s: the server's page simulates less; the interactive page simulates this question in the browser once it has loaded.)",
	"ssr.pending":       "The controls show this link's question; the dimmed numbers are the default question's until the interactive page has loaded and computed it.",
	"ssr.busy":          "The server is busy computing other pages. The interactive page computes this one in the browser once it has loaded; or reload in a few seconds.",
	"ssr.busy.loading":  "Loading the interactive page.",
}

var ssrZH = map[string]string{
	"ssr.submit":        "更新",
	"tools.loading":     "正在加载此视图：它属于演练场的第二个模块，随其页面一同加载。",
	"ssr.loading":       "正在加载交互页面；在此之前表单可用：修改字段后按回车或点击“更新”。",
	"ssr.loading.view":  "正在加载交互页面；在此之前显示的是服务器算出的数值。",
	"ssr.noscript.form": "未启用 JavaScript 时，本页是一个表单：修改字段后按回车或点击“更新”。动画、文件输入与导出需要 JavaScript 与 WebAssembly。",
	"ssr.noscript.view": "未启用 JavaScript 时，此视图显示服务器为该问题算出的数值；修改问题需要 JavaScript 与 WebAssembly。",
	"ssr.budget":        "（%s：服务器渲染的页面只模拟更小的问题；交互页面加载后会在浏览器中模拟此问题。）",
	"ssr.pending":       "控件显示的是此链接的问题；变暗的数值属于默认问题，交互页面加载并计算后即会更新。",
	"ssr.busy":          "服务器正忙于计算其他页面。交互页面加载后会在浏览器中计算本页；也可以几秒后刷新。",
	"ssr.busy.loading":  "正在加载交互页面。",
}

func init() {
	for k, v := range ssrEN {
		en[k] = v
	}
	for k, v := range ssrZH {
		zh[k] = v
	}
}
