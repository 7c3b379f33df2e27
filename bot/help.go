package bot

const helpEN = `I am a chat assistant that remembers you across conversations and platforms. Just talk to me; say "remember that …" to make sure I keep something.

Commands:
/memories — what I remember about you (/memories help for more)
/summary — a handoff document of this conversation, to continue with another assistant
/link — join your accounts on other platforms into one memory
/membot config — this server's settings (admins)
/help — this help`

const helpZH = `我是一个能跨对话、跨平台记住你的聊天助手。直接和我聊天即可；说"记住……"可以让我一定记下某件事。

命令：
/memories — 我记得的关于你的内容（/memories help 查看更多）
/summary — 生成本次对话的交接文档，方便在其他助手中继续
/link — 把你在其他平台的账号合并为同一份记忆
/membot config — 本服务器的设置（管理员）
/help — 显示帮助`

const memoriesHelpEN = `/memories [page] [type…] [lifecycle…] — list, filters in any order (types: preference fact skill objective context decision task event; lifecycles: long_term, lifecycle:fact, temporary; "done" the tasks marked done, status:archived and the like other statuses; "all" includes superseded, archived and done)
/memories search <words> — find memories, with scores
/memories forget <id> — delete one memory for good
/memories forget all — delete everything (asks for confirmation)
/memories edit <id> <text> — correct a memory (the old text is kept in its history)
/memories history <id> — earlier versions and what replaced what
/memories done <id> — mark a task done (/memories done lists the finished ones)
/memories remind on | off — remind you privately before your tasks and events are due
/memories why — which memories went into my last reply, and where they came from
/memories export — all your memories as a JSON file
/memories panel — a private link to your memory panel, a web page to see, search, correct and forget your memories (valid 10 minutes, single use); /memories panel logout signs you out of it everywhere
/memories extract — look through this conversation for memories now
/memories off | on — stop or resume remembering you`

const memoriesHelpZH = `/memories [页码] [类型…] [生命周期…] — 列出记忆，筛选条件顺序不限（类型：偏好 事实 技能 目标 背景 决定 任务 事件；生命周期：长期、生命周期:事实、临时；"已完成" 为已完成的任务，状态:已归档 等为其他状态；"全部" 包括已被取代、已归档和已完成的）
/memories search <关键词> — 搜索记忆并显示得分
/memories forget <编号> — 永久删除一条记忆
/memories forget all — 删除全部（需要确认）
/memories edit <编号> <内容> — 修改一条记忆（旧内容保留在历史中）
/memories history <编号> — 查看旧版本及取代关系
/memories done <编号> — 把一个任务标记为已完成（/memories done 列出已完成的任务）
/memories remind on | off — 在任务和事件到期前私下提醒你
/memories why — 我上一条回复用到了哪些记忆、它们从何而来
/memories export — 以 JSON 文件导出全部记忆
/memories panel — 私下发送记忆面板的链接：一个可查看、搜索、修改和删除记忆的网页（10 分钟内有效，只能使用一次）；/memories panel logout 在所有设备上退出面板
/memories extract — 立即从本次对话中提取记忆
/memories off | on — 停止或恢复记住你`

// helpText is the answer to /help.
func helpText(lang string) string {
	if lang == "zh" {
		return helpZH
	}
	return helpEN
}
