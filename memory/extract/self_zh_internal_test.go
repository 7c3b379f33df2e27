package extract

import (
	"slices"
	"testing"
	"time"
)

// Chinese self-descriptions said in passing: a job named by what one
// does, a home without 在, a condition with its treatment, an allergy
// without 对, a topic-first habit and a pastime kept up for years.
func TestRulesChineseSelfDescriptions(t *testing.T) {
	at := time.Date(2025, 3, 10, 9, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"我是跑网约车的，晚上单子多", []lifeWant{{"跑网约车", "occupation", false}}},
		{"我在深圳送外卖", []lifeWant{{"在深圳送外卖", "occupation", false}}},
		{"我在县城开了家奶茶店", []lifeWant{{"在县城开了家奶茶店", "occupation", false}}},
		{"我在中学教数学", []lifeWant{{"在中学教数学", "occupation", false}}},
		{"我在码头开叉车，三班倒", []lifeWant{{"在码头开叉车，三班倒", "occupation", false}}},
		{"我是护士，在一家医院开了家诊所", []lifeWant{{"是护士，在一家医院开了家诊所", "employer", false}}},
		{"我住朝阳区，离公司挺近", []lifeWant{{"住在朝阳区", "residence", false}}},
		{"我在滨江住", []lifeWant{{"住在滨江", "residence", false}}},
		{"现在跟我爸住在老城区", []lifeWant{{"跟爸爸住在老城区", "residence", true}}},
		{"我住院了", nil},
		{"我有胃炎，在吃药", []lifeWant{{"有胃炎，在吃药", "health:胃炎", false}}},
		{"体检查出高血脂，医生让我少吃肉", []lifeWant{{"体检查出高血脂，医生让用户少吃肉", "health:高血脂", false}}}, // the statement says the fact and more
		{"我海鲜过敏，一吃就起疹子", []lifeWant{{"对海鲜过敏", "allergy:海鲜", false}}},
		{"我有点过敏", nil},
		{"咖啡我只喝美式", []lifeWant{{"咖啡只喝美式", "咖啡", false}}},
		{"我打太极十几年了", []lifeWant{{"打太极十几年了", "exercise", false}}},
		{"我结婚十年了", []lifeWant{{"已婚", "relationship", false}}},
		{"去年查出了胆结石", []lifeWant{{"有胆结石", "health:胆结石", false}}},
		{"我吃不了辣", []lifeWant{{"不能吃辣", "辣", false}}},
		{"我早就不抽烟了", []lifeWant{{"不再抽烟", "烟", true}}},
		{"我家在顺义，每天通勤一个半小时", []lifeWant{{"住在顺义", "residence", false}}},
		{"我干销售的", []lifeWant{{"干销售", "occupation", false}}},
		{"我吃虾会过敏，一吃就起疹子", []lifeWant{{"对虾过敏", "allergy:虾", false}}},
		{"我一直在吃降压药", []lifeWant{{"一直在吃降压药", "health:用药", false}}},
		{"我血糖高，在控制饮食", []lifeWant{{"血糖高", "health:血糖", false}}},
		{"我不能喝酒", []lifeWant{{"不能喝酒", "酒", false}}},
		{"我最近开始吃素了", []lifeWant{{"吃素", "diet", true}}},
		{"我是回民，吃清真，不吃猪肉", []lifeWant{{"是回民，吃清真，不吃猪肉", "diet", false}}},
		{"我吃素，不吃蛋", []lifeWant{{"吃素，不吃蛋", "diet", false}}},
		{"我自己开了个小饭馆", []lifeWant{{"开了个小饭馆", "occupation", false}}},
		{"我在上海住了五年了", []lifeWant{{"住在上海", "residence", false}}},
		{"我怀孕五个月了", []lifeWant{{"怀孕五个月", "health:怀孕", false}}},
		{"我一直有失眠的毛病", []lifeWant{{"有失眠的毛病", "health:失眠", false}}},
		{"我们分手了", []lifeWant{{"单身", "relationship", true}}},
		// Someone else's facts never become the author's.
		{"孩子他爸是警察", []lifeWant{{"孩子他爸是警察", "family:husband", false}}},
		{"我家那口子在医院上班", []lifeWant{{"那口子在医院上班", "family:spouse", false}}},
		{"我朋友对花生过敏", nil},
		{"同事住在闵行，每天通勤两个小时", nil},
		{"我跟老婆住在她爸妈家", []lifeWant{{"跟老婆住在她爸妈家", "residence", false}}}, // the author's, in their words
		{"我老公是开出租的，天天早出晚归", []lifeWant{{"老公是开出租的，天天早出晚归", "family:husband", false}}},
	})
}

// Routines name how often: "每周上三次…", "周末一般带孩子去…", "平时玩…".
func TestRulesChineseRoutines(t *testing.T) {
	at := time.Date(2025, 3, 10, 9, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"我每周上两次瑜伽课", []lifeWant{{"每周上两次瑜伽课", "exercise", false}}},
		{"我周末一般带孩子去爬山", []lifeWant{{"周末一般带孩子去爬山", "exercise", false}}},
		{"我平时玩单反相机，周末去郊外拍鸟", []lifeWant{{"平时玩单反相机，周末去郊外拍鸟", "玩单反相机", false}}},
		{"今早晨跑去了，我跑了五年多了", []lifeWant{{"晨跑五年多了", "exercise", false}}},
	})
}

// Family members and their own facts are theirs, however the relative is
// named (老伴, 闺女, 我妈, 大儿子), and birthdays of the lunar calendar are
// kept without a solar date.
func TestRulesChineseFamily(t *testing.T) {
	at := time.Date(2025, 3, 10, 9, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"我老伴在菜市场卖菜", []lifeWant{{"老伴在菜市场卖菜", "family:spouse", false}}},
		{"家里老伴在医院当护工", []lifeWant{{"老伴在医院当护工", "family:spouse", false}}},
		{"我闺女在读初二，成绩还行", []lifeWant{{"闺女在读初二，成绩还行", "family:daughter", false}}},
		{"小女儿五岁，最爱恐龙", []lifeWant{{"小女儿五岁，最爱恐龙", "family:daughter", false}}},
		{"我妈有高血压，每天都要吃药", []lifeWant{{"妈妈有高血压，每天都要吃药", "family:mother", false}}},
		{"儿子小明八岁，对花生过敏", []lifeWant{{"儿子小明八岁，对花生过敏", "family:son", false}}},
		{"妈妈微信上说", nil},
		{"我妈生日是农历八月十五", []lifeWant{{"妈妈的生日是农历八月十五", "birthday:mother", false}}},
		{"小明生日是十月一号", []lifeWant{{"小明的生日是十月一号", "birthday:小明", false}}},
		{"十月八号是我们的结婚纪念日", []lifeWant{{"结婚纪念日是十月八号", "anniversary", false}}},
		{"三月五号是我生日", []lifeWant{{"生日是三月五号", "birthday", false}}},
		{"腊月初八是我老伴的生日", []lifeWant{{"老伴的生日是腊月初八", "birthday:spouse", false}}},
		{"我是正月十五出生的", []lifeWant{{"正月十五出生", "birthday", false}}},
		{"我生日在七月底", []lifeWant{{"生日是七月底", "birthday", false}}},
		{"我儿子的同学对芒果过敏", nil},
	})
}

// Corrections as people phrase them: a value taken back, "不在…住了",
// "不在…干了，现在在…", "后来改成…", "…那事黄了", "如今…", a transfer.
func TestRulesChineseCorrections(t *testing.T) {
	at := time.Date(2025, 3, 10, 9, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"我之前说我对芒果过敏，其实是对菠萝过敏", []lifeWant{{"对菠萝过敏", "allergy:菠萝", true}}},
		{"刚才说错了，其实是青霉素过敏，头孢没事", []lifeWant{{"对青霉素过敏", "allergy:青霉素", true}}},
		{"我不在朝阳住了，海淀那套装修好了", []lifeWant{{"住在海淀", "residence", true}}},
		{"我不在北京住了，搬回老家了", []lifeWant{{"住在老家", "residence", true}}},
		{"我不在京东干了，现在在阿里", []lifeWant{{"在阿里工作", "employer", true}}},
		{"银行那边我辞了，后来改成在一家学校当老师", []lifeWant{{"在一家学校当老师", "occupation", true}}},
		{"我不开出租了，现在开网约车", []lifeWant{{"开网约车", "occupation", true}}},
		{"公司把我调到上海分部了", []lifeWant{{"调到上海分部", "occupation", true}}},
		{"不对，我是住在海淀，不是朝阳", []lifeWant{{"住在海淀", "residence", true}}},
		{"我已经不在那家公司了，现在自己创业", []lifeWant{{"自己创业", "employer", true}}},
		{"我离职了", []lifeWant{{"已离职", "employer", true}}},
		{"更正一下，我不是在朝阳住，是在海淀", []lifeWant{{"住在海淀", "residence", true}}},
		{"记错了，其实我是对桃子过敏", []lifeWant{{"对桃子过敏", "allergy:桃子", true}}},
		{"我不在学校教书了，现在在培训机构", []lifeWant{{"在培训机构工作", "employer", true}}},
		{"钢琴那事黄了，闺女非要学跳舞", []lifeWant{{"闺女非要学跳舞", "family:daughter", true}}},
		{"健身卡到期没续，现在改在家跟着视频练", []lifeWant{{"改在家跟着视频练", "跟着视频练", true}}},
		{"现在改喝茶了，不喝咖啡了", []lifeWant{{"改喝茶", "茶", true}}},
		{"奶茶只好戒了，血糖高", []lifeWant{{"已戒奶茶", "茶", true}}},
		{"我每天两包辣条，戒不掉", []lifeWant{{"每天两包辣条，戒不掉", "", false}}}, // cannot quit: kept as said, no 已戒
	})
}

// How the person wants answers and writing: "说话直接点", "别夹英文",
// and a standing rule for one kind of writing.
func TestRulesChineseAnswerStyle(t *testing.T) {
	at := time.Date(2025, 3, 10, 9, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"说话直接点，别绕弯子", []lifeWant{{"希望说话直接", "answers", false}}},
		{"你回我的时候别夹英文，我看不懂", []lifeWant{{"希望回答不夹英文", "answers", false}}},
		{"别用英文回我", []lifeWant{{"希望回答不夹英文", "answers", false}}},
		{"回复尽量控制在三行以内", []lifeWant{{"希望回答简短", "answers", false}}},
		{"回复开门见山就行", []lifeWant{{"希望回答直接", "answers", false}}},
		{"回答的时候别用太多专业术语", []lifeWant{{"希望回答少用术语", "answers", false}}},
		{"回复我用中文就行", []lifeWant{{"希望回答用中文", "answers", false}}},
		{"回我的时候少用表情", []lifeWant{{"希望回答不用表情", "answers", false}}},
		{"写邮件的时候别太正式", []lifeWant{{"写邮件时别太正式", "写邮件", false}}},
		{"写文案时少用感叹号", []lifeWant{{"写文案时少用感叹号", "写文案", false}}},
	})
}

// Dated plans without a plan verb, fixed holidays, exams one signed up
// for and the day off.
func TestRulesChinesePlansAndDaysOff(t *testing.T) {
	at := time.Date(2025, 9, 10, 9, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"下个月中旬跟爸妈去三亚玩几天", []lifeWant{{"2025年10月11日至20日跟爸妈去三亚玩几天", "三亚玩几天", false}}},
		{"下周五回老家看奶奶", []lifeWant{{"2025年9月19日回老家看奶奶", "老家看奶奶", false}}},
		{"国庆打算带孩子去杭州", []lifeWant{{"2025年10月1日至7日打算带孩子去杭州", "带孩子去杭州", false}}},
		{"元旦准备去哈尔滨看冰雕", []lifeWant{{"2026年1月1日准备去哈尔滨看冰雕", "去哈尔滨看冰雕", false}}},
		{"我报了教师资格证，十一月一号考", []lifeWant{{"2025年11月1日考教师资格证", "教师资格证", false}}},
		{"腊月初八要回老家", nil},
		{"下周五回不了老家", []lifeWant{{"下周五回不了老家", "", true}}}, // no trip planned: kept as said
		{"周三是我唯一休息的日子，其他时间都在店里", []lifeWant{{"周三休息，其他时间都在店里", "work schedule", false}}},
		{"我每周二休息", []lifeWant{{"周二休息", "work schedule", false}}},
	})
}

// The words of indirect questions are kept with the memory they ask
// about: a home with 附近, a day off with 有空, a trip with 出差, an exam
// with 复习, an anniversary with the spouse, a winter swim with 游泳.
func TestRulesChineseQuestionWords(t *testing.T) {
	at := time.Date(2025, 9, 10, 9, 0, 0, 0, time.UTC)
	tests := []struct{ in, want string }{
		{"我住西湖区", "附近"},
		{"周二是我唯一休息的日子", "有空"},
		{"下周三去成都看展", "出差"},
		{"我报了驾照考试，十月八号考", "复习"},
		{"十月八号是我们的结婚纪念日", "老婆"},
		{"我冬泳好多年了", "游泳"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			ms := extractAll(t, tt.in, at)
			if len(ms) != 1 || !slices.Contains(ms[0].Keywords, tt.want) {
				t.Fatalf("got %+v, want one memory with keyword %q", ms, tt.want)
			}
		})
	}
}

// Chinese drops 我 when nothing else is the subject: routines, a topic
// first, a show followed, and dated events named by their noun.
func TestRulesChineseWithout我(t *testing.T) {
	at := time.Date(2025, 9, 10, 9, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"每天晚上跳绳一千个", []lifeWant{{"每天晚上跳绳一千个", "exercise", false}}},
		{"周末一般去游泳", []lifeWant{{"周末一般去游泳", "exercise", false}}},
		{"茶只喝绿茶，不加糖", []lifeWant{{"茶只喝绿茶，不加糖", "茶", false}}},
		{"最近在追美剧", []lifeWant{{"最近在追美剧", "剧", false}}},
		{"我在南京读研二，学计算机", []lifeWant{{"在南京读研二，学计算机", "school", false}}},
		{"我退休前是老师", []lifeWant{{"退休前是老师", "occupation", false}}},
		{"这周六有个羽毛球比赛", []lifeWant{{"2025年9月13日羽毛球比赛", "羽毛球比赛", false}}},
		{"下个月二十号在上海办个签售会", nil},
		{"下个月二十号考科目三", []lifeWant{{"2025年10月20日考科目三", "考科目三", false}}},
		{"月底我们全家去青岛玩几天", []lifeWant{{"2025年9月21日至30日全家去青岛玩几天", "青岛玩几天", false}}},
		{"我下个月八号结婚", []lifeWant{{"2025年10月8日结婚", "结婚", false}}},
		{"老公下周有个面试", []lifeWant{{"老公下周有个面试", "family:husband", false}}}, // the husband's
		{"明天上午十点面试", []lifeWant{{"2025年9月11日面试", "面试", false}}},
		{"每周六上午带女儿去学游泳", []lifeWant{{"每周六上午带女儿去学游泳", "exercise", false}}},
		{"我一有空就去钓鱼", []lifeWant{{"一有空就去钓鱼", "去钓鱼", false}}},
		{"女儿每周六上午去学游泳", []lifeWant{{"女儿每周六上午去学游泳", "family:daughter", false}}},
		{"她每天晚上跳广场舞", nil},
		{"去成都看展", nil},
	})
}
