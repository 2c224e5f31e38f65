package prim

// CollectiveInfo is one collective's entry in the registry: everything a
// face needs to list, name or describe it. Which algorithms run it lives
// with the algorithms (sched.Applicable, sched.DefaultFor); whether NCCL's
// model covers it with NCCL's model (cost.NCCLCovers).
type CollectiveInfo struct {
	// ID is the identifier of the CLI, the API and URLs ("allreduce").
	ID Collective
	// Name is the usual capitalised name ("AllReduce"), which is also
	// NCCL's (ncclFuncStr) for the five collectives NCCL has.
	Name string
	// LectureName is how the lecture writes it where that differs from
	// Name ("Send/Recv"), else Name.
	LectureName string
	// Rooted: the collective has a root rank.
	Rooted bool
	// Reduces: it combines values with an operator.
	Reduces bool
	// Blocked: its buffers are one block per rank (see Collective.Blocked).
	Blocked bool
	// BusBw is nccl-tests' bus-bandwidth rule (Collective.BusBwFactor).
	BusBw BusBwRule
}

// BusBwRule names nccl-tests' bus-bandwidth factor of a collective
// (doc/PERFORMANCE.md): 1, (P−1)/P or 2(P−1)/P.
type BusBwRule int

// The bus-bandwidth rules.
const (
	BusBwOne   BusBwRule = iota // busbw = algbw
	BusBwShare                  // busbw = algbw × (P−1)/P
	BusBwTwice                  // busbw = algbw × 2(P−1)/P
)

// collectives is the registry, in the lecture's order (Collectives).
var collectives = []CollectiveInfo{
	{ID: SendRecv, Name: "SendRecv", LectureName: "Send/Recv"},
	{ID: Broadcast, Name: "Broadcast", Rooted: true},
	{ID: Scatter, Name: "Scatter", Rooted: true, Blocked: true, BusBw: BusBwShare},
	{ID: Gather, Name: "Gather", Rooted: true, Blocked: true, BusBw: BusBwShare},
	{ID: Reduce, Name: "Reduce", Rooted: true, Reduces: true},
	{ID: AllReduce, Name: "AllReduce", Reduces: true, BusBw: BusBwTwice},
	{ID: ReduceScatter, Name: "ReduceScatter", Reduces: true, Blocked: true, BusBw: BusBwShare},
	{ID: AllGather, Name: "AllGather", Blocked: true, BusBw: BusBwShare},
	{ID: AllToAll, Name: "AllToAll", BusBw: BusBwShare},
}

// Info returns c's registry entry; an unknown c gets an entry with only its
// ID, named by its identifier.
func (c Collective) Info() CollectiveInfo {
	for _, info := range collectives {
		if info.ID == c {
			return info
		}
	}
	return CollectiveInfo{ID: c, Name: string(c)}
}

// Name is c's capitalised display name ("AllReduce"), or its identifier
// when c is not a collective.
func (c Collective) Name() string { return c.Info().Name }

// LectureName is c's name as the lecture writes it ("Send/Recv",
// "AllReduce").
func (c Collective) LectureName() string {
	if info := c.Info(); info.LectureName != "" {
		return info.LectureName
	}
	return c.Name()
}

// CollectiveInfos lists the registry in the lecture's order.
func CollectiveInfos() []CollectiveInfo { return append([]CollectiveInfo(nil), collectives...) }
