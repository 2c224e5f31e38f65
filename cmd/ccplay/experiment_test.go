package main

import (
	"fmt"
	"strings"
	"testing"
)

// TestExperiment3PrintsTheLecturesTable: lecture 09 §7.3's numbers, in
// the lecture's row layout, with the units note under the table.
func TestExperiment3PrintsTheLecturesTable(t *testing.T) {
	code, out, errOut := cli(t, "", "experiment", "3")
	if code != exitOK || errOut != "" {
		t.Fatalf("status %d, stderr %q", code, errOut)
	}
	for _, row := range []struct {
		p                 int
		naive, ring, tree string
	}{
		{4, "12.61", "3.18", "4.21"}, {8, "29.43", "3.74", "4.22"}, {16, "63.06", "4.08", "4.23"},
		{64, "264.87", "4.76", "4.25"}, {256, "1072.10", "6.73", "4.27"}, {1024, "4301.00", "14.42", "4.29"},
	} {
		want := fmt.Sprintf("%-8d | %18s ms | %16s ms | %16s ms\n", row.p, row.naive, row.ring, row.tree)
		if !strings.Contains(out, want) {
			t.Errorf("P=%d: row %q missing:\n%s", row.p, want, out)
		}
	}
	for _, w := range []string{
		"\n" + strings.Repeat("=", 70) + "\n🧪 实验 3: α-β 通信耗时模型对比 (数据大小: 100MB, 400G 网卡)\n" + strings.Repeat("=", 70) + "\n",
		"卡数 P     | 朴素 Master 集中式 (ms)",
		"100 MiB = 104857600 B",
		"GB/s = 10^9 B/s, per direction",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
}

// TestExperiment1EndsAtTheSum: every GPU ends with 1+2+…+P in every
// element, after P−1 steps per phase, for the lecture's setting and for
// counts that do not divide.
func TestExperiment1EndsAtTheSum(t *testing.T) {
	for _, c := range []struct {
		args   []string
		p, n   int
		reason string
	}{
		{nil, 4, 8, "the lecture's setting"},
		{[]string{"--ranks", "5", "--elements", "7"}, 5, 7, "7 elements over 5 GPUs: uneven chunks"},
		{[]string{"--elements", "1", "--buffers"}, 4, 1, "fewer elements than GPUs, with per-step buffers"},
		{[]string{"--ranks", "32", "--elements", "1024"}, 32, 1024, "the largest allowed; numpy summarises and wraps"},
		{[]string{"--ranks", "1"}, 1, 8, "one GPU: nothing to send"},
	} {
		code, out, errOut := cli(t, "", append([]string{"experiment", "1"}, c.args...)...)
		if code != exitOK || errOut != "" {
			t.Errorf("%s: status %d, stderr %q", c.reason, code, errOut)
			continue
		}
		sum := c.p * (c.p + 1) / 2
		if !strings.HasSuffix(out, fmt.Sprintf("✅ 校验成功！所有 GPU 均正确获得全网全局求和总值: %d.0\n", sum)) {
			t.Errorf("%s: does not end with the ✅ line for %d:\n%s", c.reason, sum, out)
		}
		if !strings.Contains(out, fmt.Sprintf("(GPU数: %d, 张量长度: %d)", c.p, c.n)) {
			t.Errorf("%s: title lacks P and n", c.reason)
		}
		for _, phase := range []string{"Scatter-Reduce 环形分片累加", "AllGather 环形分片全收集覆盖"} {
			if !strings.Contains(out, fmt.Sprintf("%s (共 %d 步)...", phase, c.p-1)) {
				t.Errorf("%s: %s should take P−1 = %d steps:\n%s", c.reason, phase, c.p-1, out)
			}
		}
		final := out[strings.Index(out, "📤 Ring-AllReduce 执行完毕后各 GPU 数据:"):]
		for g := 0; g < c.p; g++ {
			i := strings.Index(final, fmt.Sprintf("  GPU %d: [", g))
			if i < 0 {
				t.Fatalf("%s: GPU %d missing from the final buffers:\n%s", c.reason, g, final)
			}
			arr := final[i+len(fmt.Sprintf("  GPU %d: ", g)):]
			arr = arr[:strings.Index(arr, "]")+1]
			for _, tok := range strings.Fields(strings.Trim(arr, "[]")) {
				if tok != "..." && tok != fmt.Sprintf("%d.", sum) {
					t.Errorf("%s: GPU %d holds %q, want %d.", c.reason, g, tok, sum)
					break
				}
			}
		}
	}
}

// TestExperiment1LecturesLayout: the lecture's lines for P = 4, n = 8.
func TestExperiment1LecturesLayout(t *testing.T) {
	_, out, _ := cli(t, "", "experiment", "1")
	for _, w := range []string{
		"\n" + strings.Repeat("=", 70) + "\n🧪 实验 1: 手写 Ring-AllReduce 算法数据流动模拟 (GPU数: 4, 张量长度: 8)\n" + strings.Repeat("=", 70) + "\n",
		"📥 初始各 GPU 上的张量数据:\n  GPU 0: [1. 1. 1. 1. 1. 1. 1. 1.]\n  GPU 1: [2. 2. 2. 2. 2. 2. 2. 2.]\n",
		"  Step 3 完成: 数据已顺时针传递 1 步并就地累加\n",
		"  Step 1 完成: 完整分片已顺时针传递并覆盖旧值\n",
		"  GPU 3: [10. 10. 10. 10. 10. 10. 10. 10.]\n",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
}

// TestExperiment4IsATranspose: GPU j receives Token_G{i}->E{j} from every i.
func TestExperiment4IsATranspose(t *testing.T) {
	for _, p := range []int{4, 1, 7} {
		code, out, errOut := cli(t, "", "experiment", "4", "--ranks", fmt.Sprint(p))
		if code != exitOK || errOut != "" {
			t.Fatalf("P=%d: status %d, stderr %q", p, code, errOut)
		}
		for i := 0; i < p; i++ {
			var sent, got []string
			for j := 0; j < p; j++ {
				sent = append(sent, fmt.Sprintf("'Token_G%d->E%d'", i, j))
				got = append(got, fmt.Sprintf("'Token_G%d->E%d'", j, i))
			}
			before := fmt.Sprintf("  GPU %d (准备发往各个专家): [%s]\n", i, strings.Join(sent, ", "))
			after := fmt.Sprintf("  GPU %d 上的 Expert %d (收到的全网 Token): [%s]\n", i, i, strings.Join(got, ", "))
			if !strings.Contains(out, before) || !strings.Contains(out, after) {
				t.Errorf("P=%d: GPU %d lines missing, want\n%s%s\nin\n%s", p, i, before, after, out)
			}
		}
		if !strings.HasSuffix(out, "✅ AllToAll 矩阵跨卡重分布模拟成功，完美还原 MoE 专家并行数据路由底层！\n") {
			t.Errorf("P=%d: no final ✅ line", p)
		}
	}
}

// TestExperimentErrors: bad numbers and flags are one line naming them.
func TestExperimentErrors(t *testing.T) {
	for _, c := range []struct {
		args   []string
		want   []string
		reason string
	}{
		{[]string{"experiment"}, []string{"ccplay: experiment: which one?"}, "no number"},
		{[]string{"experiment", "5"}, []string{`ccplay: experiment: unknown experiment "5"`}, "no Experiment 5"},
		{[]string{"experiment", "--ranks", "4", "1"}, []string{"ccplay: experiment: give the experiment number first"}, "flags before the number"},
		{[]string{"experiment", "1", "--ranks", "0"}, []string{`ccplay: --ranks: want an integer from 1 to 32, got "0"`}, "zero GPUs"},
		{[]string{"experiment", "1", "--ranks", "33"}, []string{`ccplay: --ranks: want an integer from 1 to 32, got "33"`}, "too many GPUs to print every step"},
		{[]string{"experiment", "1", "--elements", "-1"}, []string{`ccplay: --elements: want an integer from 0 to 1024, got "-1"`}, "negative length"},
		{[]string{"experiment", "1", "--elements"}, []string{"ccplay: --elements: missing value"}, "missing value"},
		{[]string{"experiment", "1", "--size", "8"}, []string{"ccplay: --size: unknown flag for ccplay experiment 1; accepted: --ranks, --elements, --buffers"}, "an unknown flag"},
		{[]string{"experiment", "3", "--ranks", "8"}, []string{"ccplay: --ranks: unknown flag; ccplay experiment 3 takes no flags"}, "Experiment 3 is fixed"},
		{[]string{"experiment", "4", "--ranks", "x"}, []string{`ccplay: --ranks: want an integer from 1 to 64, got "x"`}, "not a number"},
		{[]string{"experiment", "4", "extra"}, []string{`unexpected argument "extra"`}, "a stray argument"},
	} {
		code, out, errOut := cli(t, "", c.args...)
		wantUsageError(t, c.reason, code, out, errOut, c.want...)
	}
}

// TestExperiment2IsLaunch: Experiment 2 runs the lecture's three collectives
// in four real processes (ccplay launch -np 4) and prints the lecture's
// answers: AllReduce → 10s, AllGather → [0 100 200 300], ReduceScatter → 100.
func TestExperiment2IsLaunch(t *testing.T) {
	code, out, errOut := cli(t, "", "experiment", "2")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{
		"launched 4 processes",
		"  rank 3: [4 4 4 4] -> [10 10 10 10]\n",
		"  rank 2: [200] -> [0 100 200 300]\n",
		"  rank 1: [20 20 20 20] -> [100]\n",
		"all 12 results match the collective's definition",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("experiment 2 output lacks %q:\n%s", want, out)
		}
	}
}
