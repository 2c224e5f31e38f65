package cost

// NCCLAlgorithms are the names NCCL_ALGO accepts (NCCL's algorithm table,
// in its order): the choices a face offers for the nccl-algo field. A
// fresh slice on every call.
func NCCLAlgorithms() []string { return append([]string(nil), ncclAlgoNames[:]...) }

// NCCLProtocols are the names NCCL_PROTO accepts (LL, LL128, Simple): the
// choices a face offers for the nccl-proto field. A fresh slice on every
// call.
func NCCLProtocols() []string { return append([]string(nil), ncclProtoNames[:]...) }
