package bot

// Choice is one suggestion offered while a person types a command
// argument (Discord autocomplete of memory ids, for example): Value is
// what the command receives when the person picks it, Label is what the
// person sees, such as a shortened memory text.
type Choice struct {
	Value, Label string
}
