package extract

import (
	"testing"
	"time"
)

// Drink and smoke said topic first, given up tersely with what replaced
// them, and routines that name where they happen.
func TestRulesChineseTopicFirstHabits(t *testing.T) {
	at := time.Date(2025, 3, 10, 9, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"啤酒每天得喝三瓶", []lifeWant{{"每天喝三瓶啤酒", "酒", false}}},
		{"红酒每晚一杯", []lifeWant{{"每晚喝一杯红酒", "酒", false}}},
		{"烟一天一包", []lifeWant{{"一天抽一包烟", "烟", false}}},
		{"我老公烟一天一包", []lifeWant{{"老公烟一天一包", "family:husband", false}}}, // the husband's, said so
		{"拿铁现在一口不碰了 改喝绿茶", []lifeWant{{"不再喝拿铁，改喝绿茶", "咖啡", true}}},
		{"啤酒最近停了 医生不让喝", []lifeWant{{"不再喝啤酒", "酒", true}}},
		{"烟早就不抽了", []lifeWant{{"不再抽烟", "烟", true}}},
		// Said without a subject and without a rule of its own, a habit is
		// kept in the author's words.
		{"可乐每天两罐", []lifeWant{{"可乐每天两罐", "drink", false}}},
		// Routines with their place, Chinese or English.
		{"每周六去体育馆打羽毛球", []lifeWant{{"每周六去体育馆打羽毛球", "exercise", false}}},
		{"我每天早上在公园跑步", []lifeWant{{"每天早上在公园跑步", "exercise", false}}},
		{"周末常去 Marina Bay 跑步", []lifeWant{{"周末常去 Marina Bay 跑步", "exercise", false}}},
	})
}

// Anniversaries said date first, with the partner or in English, stay
// dates and do not become a change of status; conditions named in English
// are health facts.
func TestRulesChineseAnniversariesAndEnglishConditions(t *testing.T) {
	at := time.Date(2025, 3, 10, 9, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"十月一号是我和阿明结婚十周年", []lifeWant{{"十月一号是和阿明结婚十周年", "anniversary", false}}},
		{"下个月 8 号是我们 anniversary", []lifeWant{{"4月8日是anniversary", "anniversary", false}}},
		{"我们结婚十年了", []lifeWant{{"已婚", "relationship", false}}},
		{"我有 asthma，出门带着喷雾", []lifeWant{{"有 asthma", "health:asthma", false}}},
		{"我有 Type 2 diabetes", []lifeWant{{"有 Type 2 diabetes", "health:type 2 diabetes", false}}},
		{"我有 friends 在上海", nil},
	})
}

// Exams said date first (a month alone too) and a retiree's former job.
func TestRulesChineseExamsAndFormerJobs(t *testing.T) {
	at := time.Date(2025, 3, 10, 9, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"六月要考雅思 压力好大", []lifeWant{{"2025年6月考雅思", "雅思", false}}},
		{"一月考过了", nil},
		{"我以前在电厂当工程师 退休十年了", []lifeWant{{"退休前在电厂当工程师", "occupation", false}}},
		{"我以前在银行当柜员", nil},
	})
}

// What a meal usually is, and a meal changed; one meal is no habit.
func TestRulesChineseMeals(t *testing.T) {
	at := time.Date(2025, 3, 10, 9, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"早饭一般是豆浆油条", []lifeWant{{"早饭吃豆浆油条", "早饭", false}}},
		{"我午饭基本都是公司食堂", []lifeWant{{"午饭吃公司食堂", "午饭", false}}},
		{"医生让我把早餐换了，现在是燕麦加牛奶", []lifeWant{{"早餐改吃燕麦加牛奶", "早餐", true}}},
		{"晚饭吃了火锅", nil},
		{"我老婆早餐都是吃面包", []lifeWant{{"老婆早餐都是吃面包", "family:wife", false}}},
	})
}

// A connective before what was given up is no part of it: "另外咖啡我戒了"
// gave up 咖啡, not 另外咖啡.
func TestRulesQuitAfterAConnective(t *testing.T) {
	at := time.Date(2025, 9, 11, 15, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"另外咖啡我戒了，最近心悸", []lifeWant{{"已戒咖啡", "咖啡", true}}},
		{"还有奶茶我早就戒了", []lifeWant{{"已戒奶茶", "茶", true}}},
	})
}

// Lactose intolerance said short ("乳糖不耐") in a clause of its own is the
// writer's; someone else's is not. "什么都能吃" says "anything", and asks
// nothing.
func TestRulesLactoseSaidShort(t *testing.T) {
	at := time.Date(2025, 9, 11, 15, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"我自己倒是什么都能吃，就是不能喝牛奶，乳糖不耐", []lifeWant{{"自己倒是什么都能吃，就是不能喝牛奶，乳糖不耐", "health:乳糖不耐受", false}}},
		{"我乳糖不耐", []lifeWant{{"乳糖不耐受", "health:乳糖不耐受", false}}},
		{"他乳糖不耐受", nil},
	})
}
