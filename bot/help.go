package bot

var helpEN = `I am a chat assistant that remembers you across conversations and platforms. Just talk to me.

Commands:
/memories — list what I remember about you (newest first)
/help — this help`

var helpZH = `我是一个能跨对话、跨平台记住你的聊天助手。直接和我聊天即可。

命令：
/memories — 列出我记得的关于你的内容（最新在前）
/help — 显示帮助`

func (e *Engine) helpText(lang string) string {
	if lang == "zh" {
		return helpZH
	}
	return helpEN
}
