package service

import (
	"context"
	"fmt"
	"strings"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/recall"
	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// ProfileTokens is the most a profile may take of a reply's memory block.
const ProfileTokens = 100

// The parts of a profile, in the order they are kept when the budget is
// short: what keeps a person safe first, then who they are.
const (
	rankHealth = iota
	rankDiet
	rankName
	rankFamily
	rankWork
	rankCity
	rankStyle
	rankMeans
	rankGettingAbout
	notProfile
)

// answerStyleSubjects are the free-topic subjects a preference about how
// the person likes to be answered or written for is stored under
// ("prefers short answers" → "answers", "wants British spelling" →
// "spelling", "wants metric units" → "units"); the vocabulary has no key
// of its own for them.
var answerStyleSubjects = map[string]bool{
	"answer": true, "answers": true, "reply": true, "replies": true, "response": true, "responses": true,
	"explanation": true, "explanations": true, "answer style": true, "reply style": true, "response style": true,
	"answer language": true, "reply language": true, "language": true, "spelling": true, "tone": true, "format": true,
	"formatting": true, "writing style": true, "answer length": true, "units": true, "unit system": true,
	"measurements": true, "回答": true, "回复": true, "答案": true, "回答方式": true, "回复方式": true, "回复语言": true,
	"语言": true, "说话方式": true, "语气": true, "风格": true, "文案": true, "文案风格": true, "写作风格": true, "格式": true,
	"计量单位": true, "度量单位": true,
}

// styleFor are what a subject of answer style may open with to say which
// writing it is about: "email tone", "message formatting", "写文案".
var styleFor = []string{"writing ", "email ", "message ", "post ", "写", "邮件", "消息"}

// styleSubject reports whether key is a subject of how the person likes
// to be answered or written for, alone or for one kind of writing.
func styleSubject(key string) bool {
	if answerStyleSubjects[key] {
		return true
	}
	for _, p := range styleFor {
		if rest, ok := strings.CutPrefix(key, p); ok && answerStyleSubjects[rest] {
			return true
		}
	}
	return false
}

// healthSubjects are free-topic subjects of what a person's health
// allows: medicines taken, conditions, senses. A question about a
// painkiller or wiring colours needs them as much as an allergy.
var healthSubjects = map[string]bool{
	"medication": true, "medications": true, "medicine": true, "medicines": true, "prescription": true,
	"condition": true, "conditions": true, "medical history": true, "disability": true, "eyesight": true,
	"vision": true, "colour vision": true, "color vision": true, "colour blindness": true, "color blindness": true,
	"hearing": true, "mobility": true, "pregnancy": true, "mental health": true, "fluid limit": true,
	"fluid restriction": true, "fluids": true, "限水": true, "饮水量": true,
	"用药": true, "药物": true, "吃药": true, "病情": true, "疾病": true, "身体": true, "身体状况": true, "视力": true,
	"听力": true, "色盲": true, "怀孕": true,
	// Conditions people and models name as the subject itself.
	"asthma": true, "diabetes": true, "migraine": true, "migraines": true, "epilepsy": true, "arthritis": true,
	"ibs": true, "coeliac": true, "celiac": true, "hypertension": true, "blood pressure": true, "back pain": true,
	"bad back": true, "eczema": true, "anxiety": true, "depression": true, "adhd": true, "heart condition": true,
	"哮喘": true, "糖尿病": true, "高血压": true, "偏头痛": true, "腰": true, "腰椎": true, "颈椎": true, "胃": true,
	"胃病": true, "痛风": true, "甲亢": true, "脂肪肝": true, "心脏病": true, "鼻炎": true, "失眠": true,
}

// conditionEndings end the names of conditions, in English and Chinese,
// so that a condition named as the subject is health whatever it is:
// tendinitis, coeliac disease, kidney stones, knee injury, 胃病, 鼻炎,
// 花粉症, 腰痛.
var conditionEndings = []string{"itis", " disease", " syndrome", " disorder", " pain", " stones", " injury",
	" intolerance", " reflux", "病", "炎", "症", "痛", "结石"}

// namesCondition reports whether the subject key names a condition by its
// ending.
func namesCondition(key string) bool {
	for _, e := range conditionEndings {
		if strings.HasSuffix(key, e) {
			return true
		}
	}
	return false
}

// dietSubjects are free-topic subjects of what a person eats or drinks
// beside the diet key: not drinking is a constraint on every round at the
// pub.
var dietSubjects = map[string]bool{
	"alcohol": true, "drinking": true, "sobriety": true, "sober": true, "food intolerance": true,
	"intolerance": true, "喝酒": true, "饮酒": true, "酒": true, "戒酒": true,
}

// workSubjects are free-topic subjects of where and when a person works,
// beside the employer, occupation and work schedule keys.
var workSubjects = map[string]bool{
	"work base": true, "base": true, "work location": true, "work place": true, "office": true, "workplace location": true,
	"business": true, "part-time job": true, "side job": true, "second job": true, "side gig": true, "gig": true,
	"兼职": true, "副业": true, "工作地点": true, "上班地点": true, "单位地址": true, "工作时间表": true,
	// The hours of work that is not called a shift: a stream, a stall,
	// a practice.
	"stream schedule": true, "streaming schedule": true, "opening hours": true, "business hours": true,
	"clinic hours": true, "直播时间": true, "开播时间": true, "营业时间": true, "出摊时间": true,
}

// studySubjects are free-topic subjects of what a person studies and
// where, beside the school key: a student's studies are who they are as
// a job is, and every question about their week or their writing turns
// on them.
var studySubjects = map[string]bool{
	"studies": true, "study": true, "degree": true, "course": true, "major": true, "phd": true, "phd year": true,
	"doctorate": true, "masters": true, "master's": true, "school year": true, "year group": true, "grade": true,
	"学业": true, "专业": true, "学历": true, "读博": true, "读研": true, "年级": true, "学校": true,
}

// meansSubjects are free-topic subjects of what a person can spend: a
// tight budget limits every suggestion as a diet limits every menu.
var meansSubjects = map[string]bool{
	"budget": true, "finances": true, "money": true, "spending": true, "预算": true, "经济状况": true, "开销": true,
}

// nameSubjects and homeSubjects are free-topic subjects of what a person
// is called and where they live, beside the name and residence keys.
var (
	nameSubjects = map[string]bool{"nickname": true, "preferred name": true, "昵称": true, "小名": true}
	homeSubjects = map[string]bool{
		"home": true, "city": true, "neighbourhood": true, "neighborhood": true, "address": true,
		"城市": true, "家": true, "小区": true,
	}
)

// gettingAboutSubjects are the free-topic subjects of how a person gets
// about (drives, has no car, cycles, takes the metro): every question
// about getting somewhere, picking someone up or being on time turns on
// it, in words that rarely name the car or the bus.
var gettingAboutSubjects = map[string]bool{
	"transport": true, "transportation": true, "getting around": true, "getting about": true, "commute": true,
	"commuting": true, "car": true, "vehicle": true, "driving": true, "driving licence": true, "driving license": true,
	"交通": true, "交通工具": true, "出行": true, "出行方式": true, "通勤": true, "通勤方式": true, "代步": true,
	"代步工具": true, "车": true, "驾照": true,
}

// profileRank places a subject in the profile, or returns notProfile.
func profileRank(subj string) int {
	key := subject.Of(subj)
	switch {
	case strings.HasPrefix(key, subject.AllergyPrefix), key == subject.Allergy,
		strings.HasPrefix(key, subject.HealthPrefix), key == subject.Health, healthSubjects[key], namesCondition(key):
		return rankHealth
	case key == subject.Diet, dietSubjects[key]:
		return rankDiet
	case key == subject.Name, nameSubjects[key]:
		return rankName
	case key == subject.Family:
		return rankFamily
	case key == subject.Employer, key == subject.Occupation, key == subject.WorkSchedule, workSubjects[key],
		key == subject.School, studySubjects[key]:
		return rankWork
	case key == subject.Residence, homeSubjects[key]:
		return rankCity
	case styleSubject(key):
		return rankStyle
	case meansSubjects[key]:
		return rankMeans
	case gettingAboutSubjects[key]:
		return rankGettingAbout
	}
	if _, ok := subject.RelationIn(key); ok {
		return rankFamily
	}
	return notProfile
}

// Profile returns owner's core facts — health constraints, allergies and
// medicines, diet and drinking, name, family members, job, employer and
// work schedule, city, how they like to be answered, how they get about —
// for a private reply to carry whatever was asked: the newest memory of
// each single-valued key, every memory of the others (family members,
// health), in that order of importance, as many as fit in budget tokens
// (text.EstimateTokens; at most ProfileTokens). It reads the recall index,
// proved current with one revision read, and never lists the store.
func (s *Service) Profile(ctx context.Context, owner string, budget int) ([]memory.Memory, error) {
	v, err := s.index.View(ctx, owner)
	if err != nil {
		return nil, fmt.Errorf("read the profile of %s: %w", owner, err)
	}
	return profileOf(v, budget), nil
}

// RecallWithProfile is Profile within profileBudget followed by Recall
// for q, on one view of the owner's index (one revision read for both):
// recall gets q's token budget less what the profile took, and as many
// more results as the profile holds, since it may find those again; the
// profile is what the reply carries (recall.Query.Carried), so a match
// among it does not keep the threshold's fallback from the others.
func (s *Service) RecallWithProfile(ctx context.Context, owner string, q recall.Query, profileBudget int) ([]memory.Memory, []recall.Result, error) {
	v, err := s.index.View(ctx, owner)
	if err != nil {
		return nil, nil, fmt.Errorf("recall memories of %s: %w", owner, err)
	}
	profile := profileOf(v, profileBudget)
	if q.TokenBudget > 0 {
		for _, m := range profile {
			q.TokenBudget -= text.EstimateTokens(m.Text)
		}
		q.TokenBudget = max(q.TokenBudget, 1)
	}
	if q.Limit > 0 {
		q.Limit += len(profile)
	}
	for _, m := range profile {
		q.Carried = append(q.Carried, m.ID)
	}
	if q.Vector == nil && !q.Literal {
		q.Vector = s.embedQuery(ctx, q.Text)
	}
	res, err := v.Search(ctx, q)
	if err != nil {
		return profile, nil, fmt.Errorf("recall memories of %s: %w", owner, err)
	}
	return profile, res, nil
}

// profileOf picks the profile out of a view of the owner's index.
func profileOf(v *recall.View, budget int) []memory.Memory {
	budget = min(budget, ProfileTokens)
	if budget <= 0 {
		return nil
	}
	ms := v.BySubject(func(subj string) bool { return profileRank(subj) != notProfile })
	// ms is newest first: the first memory of a single-valued key is its
	// value.
	byRank := make([][]memory.Memory, notProfile)
	seen := make(map[string]bool)
	for _, m := range ms {
		key := subject.Of(m.Subject)
		r := profileRank(m.Subject)
		if r == rankStyle && m.Type != memory.TypePreference {
			continue
		}
		if subject.SingleValued(key) && !m.HoldsValue() {
			continue // a guessed subject says nothing of the key's value
		}
		if subject.SingleValued(key) || r == rankStyle {
			if seen[key] {
				continue
			}
			seen[key] = true
		}
		byRank[r] = append(byRank[r], m)
	}
	// Breadth first: the newest memory of every part that has one, in
	// order of importance, then the others. A person with many relatives
	// would otherwise spend the budget on them and lose their job, city
	// and how they like answers.
	take := make([][]bool, len(byRank))
	left := budget
	for pass := range 2 {
		for r, group := range byRank {
			if take[r] == nil {
				take[r] = make([]bool, len(group))
			}
			for i, m := range group {
				if pass == 0 && i > 0 {
					break
				}
				if n := text.EstimateTokens(m.Text); !take[r][i] && n <= left {
					take[r][i] = true
					left -= n
				}
			}
		}
	}
	var out []memory.Memory
	for r, group := range byRank {
		for i, m := range group {
			if take[r][i] {
				out = append(out, m)
			}
		}
	}
	return out
}
