/* allreduce_mpi: times MPI_Allreduce (sum of doubles) of SIZE bytes, ITERS
 * calls after WARMUP warm-up calls (default 2) and a barrier, and prints one line
 * "mpi P SIZE TIME_S": the slowest rank's mean time per call, the figure
 * nccl-tests and ccplay report. The result is checked (every element must
 * equal the sum of 1..P). Part of ccplay's Open MPI comparison (compare.sh). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, p;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  if (argc != 3 && argc != 4) {
    if (rank == 0) fprintf(stderr, "usage: allreduce_mpi SIZE_BYTES ITERS [WARMUP]\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  long size = atol(argv[1]);
  int iters = atoi(argv[2]);
  int warmup = argc == 4 ? atoi(argv[3]) : 2;
  long n = size / (long)sizeof(double);
  double *in = malloc(n * sizeof(double)), *out = malloc(n * sizeof(double));
  if (!in || !out || n <= 0 || iters <= 0 || warmup < 0) MPI_Abort(MPI_COMM_WORLD, 2);
  for (long i = 0; i < n; i++) in[i] = rank + 1;
  for (int w = 0; w < warmup; w++) MPI_Allreduce(in, out, (int)n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (int k = 0; k < iters; k++) MPI_Allreduce(in, out, (int)n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  double mean = (MPI_Wtime() - t0) / iters, slowest;
  double want = p * (p + 1) / 2.0;
  for (long i = 0; i < n; i++)
    if (out[i] != want) { fprintf(stderr, "rank %d: element %ld is %g, want %g\n", rank, i, out[i], want); MPI_Abort(MPI_COMM_WORLD, 1); }
  MPI_Reduce(&mean, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("mpi %d %ld %.9f\n", p, size, slowest);
  free(in); free(out);
  MPI_Finalize();
  return 0;
}
