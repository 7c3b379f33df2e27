package extract

import "regexp"

// enCorrection marks an English sentence that corrects or updates what
// was said before, in the words people use for it: "scratch that",
// "scratch what I said about …", "turns out …", "I got it wrong", "ended
// up in …", "… is on hold", "these days I …", "not … anymore".
var enCorrection = regexp.MustCompile(`(?i)\bscratch\s+(?:that|what\s+I\s+said)|\b(?:forget|ignore)\s+what\s+I\s+said\b|\bturns?\s+out\b|\bturned\s+out\b|\bI\s+(?:got\s+it|was|had\s+it)\s+wrong\b|\bcorrection\b|\bended\s+up\b|\bon\s+hold\b|\bthese\s+days\b|\bnowadays\b|\bnot\s+.{0,30}\bany\s?more\b|\bno\s+more\b|\bnot\s+any\s+longer\b|\bfrom\s+now\s+on\b|\btaken\s+me\s+off\b|\bswapped\b`)

// enChanged reports whether an English sentence states a change or a
// correction of something said before.
func enChanged(sentence string) bool {
	return changeCue.MatchString(sentence) || enCorrection.MatchString(sentence)
}
