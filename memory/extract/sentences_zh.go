package extract

import (
	"regexp"
	"strings"
)

// How Chinese chat runs its sentences: a list about oneself after an
// introduction, a statement run on after a question, a connective or a
// doctor's word before 我, and dated fragments that are no plans. The
// rules read each as the written sentence it stands for.

// zhAboutMeIntro opens a list of facts about the writer ("先简单说下我的
// 情况：", "自我介绍一下："); zhSelfListItem is an item of it.
var (
	zhAboutMeIntro = regexp.MustCompile(`我的(?:情况|信息|基本信息|背景)|自我介绍|关于我|基本信息|个人信息`)
	zhSelfListItem = regexp.MustCompile(`(?m)^\s*(?:\d{1,2}[.、)）]|[-*•·])\s*`)
)

// zhListOfSelf gives each item of a list about the writer its 我, as the
// English rules give list items their "I'm": "1. 在陆家嘴一家四大做audit
// manager" after "说下我的情况" is the writer's job.
func zhListOfSelf(s string) string {
	loc := zhSelfListItem.FindStringIndex(s)
	if loc == nil || !hasHan(s) || !zhAboutMeIntro.MatchString(s[:loc[0]]) {
		return s
	}
	return zhSelfListItem.ReplaceAllStringFunc(s, func(item string) string {
		return strings.TrimRight(item, " \t") + "我"
	})
}

// zhPassingPlan is a dated plan that is a day's chore or a question
// ("2025年11月28日要早起", "…想给秀兰买个啥").
var zhPassingPlan = regexp.MustCompile(`^(?:\d{4}年)?(?:\d{1,2}月\d{1,2}日)?(?:要|得|想|准备)?(?:早起|早读|起床|早睡|睡觉|上班|下班|加班|值班|出门|补觉)$|(?:啥|什么|哪个|哪家)$`)

// undecidedPlan is a plan said not to be settled yet ("下个月可能要换工作 ……
// 还没定下来", "might move in spring, nothing's decided"): nothing to hold
// the person to until they say it is.
var undecidedPlan = regexp.MustCompile(`(?i)还没定|没定下来|还没确定|还不确定|不一定|说不准|说不定|八字还没一撇|\b(?:not|nothing(?:'s| is))\s+(?:decided|confirmed|settled|sure)\s+yet\b|\bhaven'?t\s+decided\b`)

// zhDatedText is the date the rules write before a Chinese plan;
// zhPlanVerb the words of something one goes to, sits or does on a day.
var (
	zhDatedText = regexp.MustCompile(`^\d{4}年\d{1,2}月\d{1,2}日(?:至\d{1,2}日)?`)
	zhPlanVerb  = regexp.MustCompile(`去|回|飞|到|考|参加|办|见|看|搬|出发|旅|玩|婚|宴|查|手术|面试|报到|入职|上课|比赛|演出|聚会|换|开|交|签|学|练|带|接|送|约|订|演|赛|会|织|做|买|吃|拍|写|修|装|包|烤|煮|画|唱|跳|跑|爬|游|打|陪|请|过|庆|生日|礼物|种(?:菜|花|树|地|田|草|苗|牙)`)
)

// zhDatedNoPlan reports whether a dated Chinese text names nothing done
// on its day ("2026年3月11日要快的 10分钟搞定那种", "…得对齐颗粒度"), or
// asks where ("…带俩娃去哪玩"): a fragment of chat read as a plan.
func zhDatedNoPlan(t string) bool {
	loc := zhDatedText.FindStringIndex(t)
	if loc == nil {
		return false
	}
	rest := t[loc[1]:]
	return !zhPlanVerb.MatchString(rest) || strings.Contains(rest, "去哪") || strings.Contains(rest, "哪里") || strings.Contains(rest, "哪儿")
}

// zhQuitWhen is when a habit was quit, read where the habit would be
// ("从今儿起戒了"): the habit is named elsewhere.
var zhQuitWhen = regexp.MustCompile(`^(?:从\p{Han}{1,3}(?:起|开始)|今天|今儿|昨天|昨儿|前天|现在|已经|早就|上周|上个月|去年)$`)

// zhOpeningConnective is a connective opening a clause ("所以月底要搬去
// 深圳"), which says nothing of whose the clause is.
var zhOpeningConnective = regexp.MustCompile(`^(?:所以|然后|但是|可是|不过|而且|另外|反正|于是|因此)(?:啊|呀|哦|嘛)?[，,、\s]*`)

// zhClauseLead is a connective or a doctor's word before the 我 that
// opens a clause ("但是!我猫毛过敏", "医生讲我血压有点高"): the rules,
// which read a clause from its 我, read it from there.
var zhClauseLead = regexp.MustCompile(`^(?:但是|可是|不过|还有|而且|另外|然后|所以|因为|其实|反正|就是|主要是|对了|哦对了|(?:医生|大夫|医师)(?:说|讲|话|讲话|诊断)了?)(?:啊|呀|哦|嘛)?[!！,，、\s]*(我)`)

// zhStatedClauses is a Chinese sentence without its asking clauses, or ""
// when every clause asks.
func zhStatedClauses(sentence string) string {
	var kept []string
	for _, c := range zhClauseBreak.Split(sentence, -1) {
		if c = strings.TrimSpace(c); c != "" && !isQuestion(c) {
			kept = append(kept, c)
		}
	}
	return strings.Join(kept, "，")
}

// zhClauseBreak is a comma or semicolon between Chinese clauses.
var zhClauseBreak = regexp.MustCompile(`[，,；;]`)
