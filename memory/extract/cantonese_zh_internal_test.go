package extract

import (
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// Cantonese statements, living with someone, "比较" and wishes, read as a
// listener would.
func TestRulesReadCantoneseAndLivingWithSomeone(t *testing.T) {
	at := time.Date(2025, 3, 10, 9, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"我唔饮咖啡㗎，饮完瞓唔着", []lifeWant{{"不喝咖啡", "咖啡", false}}},
		{"我同男朋友喺荃湾租咗间屋", []lifeWant{{"同男朋友在荃湾租了间屋", "residence", false}}},
		{"我和女朋友在杭州租了个一居室", []lifeWant{{"和女朋友在杭州租了个一居室", "residence", false}}},
		{"我换到城东那家店了，离家远，但工资比较高", []lifeWant{{"换到城东那家店了，离家远，但工资比较高", "business", true}}},
		{"我想以后去深圳跑滴滴", []lifeWant{{"想以后去深圳跑滴滴", "occupation", false}}},
		// Emoji and stickers between the words.
		{"我在💪减脂 晚上🚫不吃碳水[捂脸]", []lifeWant{{"不吃碳水", "碳水", false}}},
		{"我婆娘在超市上班", []lifeWant{{"老婆在超市上班", "family:wife", false}}},
		// Home said as 家在, and a dialect word for cannot eat.
		{"家里在郫都，离地铁站近，买菜也方便", []lifeWant{{"家里在郫都，离地铁站近，买菜也方便", "residence", false}}},
		{"我吃不得辣", []lifeWant{{"不能吃辣", "辣", false}}},
		// What the doctor found is the author's own, and no identity.
		{"大夫说我是腰椎间盘突出，要少坐", []lifeWant{{"大夫说用户是腰椎间盘突出，要少坐", "", false}}},
		{"医生说是甲减，我这辈子都得吃药", []lifeWant{{"有甲减", "health:甲减", false}}},
		{"我考虑了很久，不做会计了，现在在学设计", []lifeWant{{"考虑了很久，不做会计了，现在在学设计", "", true}}},
	})
}

// A wish for later is no change of what is: it ends nothing.
func TestChangeMarkedLeavesWishesAlone(t *testing.T) {
	tests := []struct {
		text, excerpt string
		want          bool
	}{
		{"想存点钱，以后跑网约车", "我想存点钱，以后跑网约车", false},
		{"They want to move to Leeds next year", "I want to move to Leeds next year", false},
		{"不跑美团了，现在跑饿了么", "我不跑美团了，现在跑饿了么", true},
		{"想了很久，不学医了，现在学计算机", "我想了很久，不学医了，现在学计算机", true},
	}
	for _, tt := range tests {
		m := memory.Memory{Text: tt.text, Source: memory.Source{Excerpt: tt.excerpt}}
		if got := changeMarked(m); got != tt.want {
			t.Errorf("changeMarked(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

// An age or a request after a plan verb is no plan.
func TestRulesChinesePlanVerbWithoutAPlan(t *testing.T) {
	at := time.Date(2025, 3, 10, 9, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"可以帮我想一下明天的朋友圈文案吗 今天拍了好多照片", nil},
		{"我奶奶住乡下 下个月生日 要八十岁了", []lifeWant{{"奶奶住乡下，下个月生日，要八十岁了", "family:grandmother", false}}},
		{"外公下个月过生日，要九十岁了", []lifeWant{{"外公下个月过生日，要九十岁了", "family:grandfather", false}}},
	})
}
