package bot

// phrase is a fixed user-facing sentence in English and Chinese.
type phrase [2]string

var (
	msgOffline           = phrase{"[offline mode] No model is configured, so I cannot answer yet (set MEMBOT_MODEL and OPENAI_BASE_URL). I am still listening and remembering.", "[离线模式] 尚未配置模型，暂时无法回答（请设置 MEMBOT_MODEL 和 OPENAI_BASE_URL）。我仍在倾听并记住你说的话。"}
	msgOfflineMemories   = phrase{"Memories I would use for this reply:", "这条回复会用到的记忆："}
	msgOfflineGroup      = phrase{"(%d of your memories would be used; /memories why shows them to you privately.)", "（会用到你的 %d 条记忆；/memories why 可私下查看。）"}
	msgOfflineNoMemories = phrase{"(No memories of yours match this message.)", "（没有与这条消息相关的记忆。）"}
	msgRateLimited       = phrase{"Sorry, the model is busy right now (rate limited). Please try again in a moment.", "抱歉，模型现在太忙（被限流），请稍后再试。"}
	msgTimeout           = phrase{"Sorry, the model took too long to answer. Please try again.", "抱歉，模型响应超时，请再试一次。"}
	msgModelDown         = phrase{"Sorry, I could not reach the model just now. Please try again later.", "抱歉，暂时无法连接模型，请稍后再试。"}
	msgUndelivered       = phrase{"My last answer did not reach you — here it is:", "我上一条回答没有送达——在这里："}
	msgEmptyAnswer       = phrase{"(The model returned an empty answer.)", "（模型返回了空回答。）"}
	msgDenied            = phrase{"Sorry, you are not allowed to use this bot here.", "抱歉，你无权在这里使用这个机器人。"}
	msgSlowDown          = phrase{"You are sending messages too fast, so I'm pausing my answers for about a minute. I still note what you say (up to a limit).", "你发消息太快了，我会暂停回复大约一分钟。你说的话我仍会记下（有上限）。"}
	msgGuildLimit        = phrase{"You have reached this server's daily message limit. Try again tomorrow.", "你已达到本服务器的每日消息上限，请明天再试。"}
	msgTokenBudget       = phrase{"You have used today's budget for model answers. Memory commands still work; try again tomorrow.", "你今天的模型回答额度已用完。记忆相关命令仍可使用，请明天再试。"}
	msgMissed            = phrase{"I was restarting and missed your message — could you send it again?", "我刚才在重启，没收到你的消息——能再发一次吗？"}
	msgInternalError     = phrase{"Sorry, something went wrong on my side.", "抱歉，我这边出了点问题。"}
)
