package extract

import (
	"testing"
	"time"
)

// Medicines said by their dose, a change of prescription, and relatives
// named with a name or a grade, birthdays without 是, work at companies
// named in English.
func TestRulesChineseDosesAndNames(t *testing.T) {
	at := time.Date(2025, 3, 10, 9, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"我有糖尿病，每天晚上吃一片二甲双胍", []lifeWant{{"每天晚上吃一片二甲双胍", "health:用药", false}, {"有糖尿病", "health:糖尿病", false}}},
		{"大夫给我开了阿托伐他汀，一天一粒", []lifeWant{{"在吃阿托伐他汀，一天一粒", "health:用药", false}}},
		{"后来换成了厄贝沙坦，每天一片", []lifeWant{{"药换成了厄贝沙坦，每天一片", "health:用药", true}}},
		{"我每天早上吃两颗鸡蛋", []lifeWant{{"每天早上吃两颗鸡蛋", "两颗鸡蛋", false}}}, // a habit, not a medicine
		{"我爸每天吃一片阿司匹林", []lifeWant{{"爸爸每天吃一片阿司匹林", "family:father", false}}},
		{"儿子小宝初二了，数学不太好", []lifeWant{{"儿子小宝初二了，数学不太好", "family:son", false}}},
		{"老公 David 是工程师", []lifeWant{{"老公David 是工程师", "family:husband", false}}},
		{"我妈以前是护士", []lifeWant{{"妈妈以前是护士", "family:mother", false}}},
		{"豆豆生日3月5", []lifeWant{{"豆豆的生日是3月5", "birthday:豆豆", false}}},
		{"我大三 在师大读中文", []lifeWant{{"在师大读中文，读大三", "school", false}}},
		{"我在一家 SaaS 公司做产品", []lifeWant{{"在一家 SaaS 公司做产品", "employer", false}}},
		{"下周起去 Shopee 上班", []lifeWant{{"在Shopee上班", "employer", true}}},
	})
}

// Medicines as people say them by voice or in passing: a dose without
// 每天, spaces for commas, the form of the tablet between name and dose,
// a doctor who "has me on" one, and the new medicine named alone.
func TestRulesMedicinesSaidInPassing(t *testing.T) {
	at := time.Date(2025, 3, 10, 9, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"吃的是氯沙坦 控释片 每天一片", []lifeWant{{"在吃氯沙坦，每天一片", "health:用药", false}}},
		{"医生给我换成了二甲双胍 晚上两片", []lifeWant{{"药换成了二甲双胍，晚上两片", "health:用药", true}}},
		{"后来改成了格列美脲，也是早上一片", []lifeWant{{"药换成了格列美脲，早上一片", "health:用药", true}}},
		{"the consultant has me on warfarin, 3mg every evening", []lifeWant{{"Takes warfarin, 3mg every evening", "medication", false}}},
		{"she has put me on something called furosemide", []lifeWant{{"Takes furosemide", "medication", false}}},
		{"the old pills made me dizzy so its losartan now, one a day", []lifeWant{{"Takes losartan, one a day", "medication", true}}},
		{"doc has me on warfarin, 5 mg every night", []lifeWant{{"Takes warfarin, 5 mg every night", "medication", false}}},
		{"took me off the warfarin. got me on eliquis now, 5 mg twice a day", []lifeWant{{"Takes eliquis, 5 mg twice a day", "medication", true}}},
		{"Med: ramipril 5mg daily", []lifeWant{{"Takes ramipril, 5mg daily", "medication", false}}},
		{"i'm on ciprofloxacin for a week", []lifeWant{{"Takes ciprofloxacin", "medication", false}}},
		// A dose said without "I", and its change.
		{"on sertraline 50mg since spring", []lifeWant{{"Takes sertraline, 50mg since spring", "medication", false}}},
		{"consultant doubled my propranolol to 80mg", []lifeWant{{"Takes propranolol, 80mg", "medication", true}}},
		{"lisinopril now 20mg in the morning", []lifeWant{{"Takes lisinopril, 20mg in the morning", "medication", true}}},
		{"那个二甲双胍现在吃到一千毫克了", []lifeWant{{"二甲双胍的剂量改为一千毫克", "health:用药", true}}},
		{"每日晨服左甲状腺素钠片五十微克", []lifeWant{{"每天吃左甲状腺素钠五十微克", "health:用药", false}}},
		// Someone else's medicine is not the writer's.
		{"Mum's metformin is now 1000mg", []lifeWant{{"Mum's metformin is now 1000mg", "family:mother", true}}},
		{"for dad it's warfarin now, the other made him bleed", nil},
		{"我爸的二甲双胍现在吃到一千毫克了", []lifeWant{{"爸的二甲双胍现在吃到一千毫克了", "family:father", true}}},
	})
}
