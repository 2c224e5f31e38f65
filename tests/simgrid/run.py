#!/usr/bin/python3
"""Runs one ccplay fabric workload (fabric.Workload as JSON, from the file
named by the first argument) in SimGrid and prints {"time_s": T} on stdout.

The platform is built as written: one host per rank, one SimGrid link per
one-way link (SHARED: its capacity is shared by the flows crossing it), and
one route per (source, destination) pair that carries a flow, listing the
workload's links. SimGrid's CM02 network model shares bandwidth max-min
fairly (its LMM solver); the configuration below removes what CM02 adds to
max-min sharing so that both simulators state the same assumptions: latency
and bandwidth factors 1, no weight-S, no TCP window bound (network/TCP-gamma
so large that gamma / (2 * latency) never binds), no cross-traffic, and
fine precisions. One controller actor posts each rank's flows in its order
exactly as the workload's steps say: a rank's step i is posted once its step
i-1 has left and it has received need[r][i] messages. Each flow of a posted
step is sent at once by an actor of its own (Comm.sendto, host to host
without mailboxes: its route's latency, the flow's own start-up, then its
bytes), which then waits until the flow's floor after the step (the step's
start-ups up to its own and its bytes at its path's least capacity, as
ccplay delivers it) and until its receiver has accepted it, and reports its
end to the controller. A receiver accepts its messages one at a time, each
taking the flow's own start-up (its route's latency): when a flow's bytes
are in, it takes the earliest free interval of that length on its
receiver's clock ending no earlier than its floor (accept below), and the
flow is delivered at the interval's end if its bytes are in by then. Flows
whose bytes are in at one instant are accepted in flow order, as ccplay
takes them: each yields once so that all of them are in before the first
to resume accepts them together.

Actions are updated in full at every event (network/optim:Full). With
SimGrid's default lazy update, comms whose latency ends in the same instant
as others' bytes end were given shares that overfill a link: in the
pipelined tree AllReduce at 4:1, three flows ran at 25 GB/s each through one
50 GB/s spine downlink, and the whole run came out 11 % short. The full
update re-solves the shares of every action at every event, which is what
max-min sharing states, and costs a few seconds on these cases.
"""
import json
import sys

import simgrid


def main():
    with open(sys.argv[1]) as f:
        w = json.load(f)
    engine = simgrid.Engine([
        "ccplay-fabric",
        "--cfg=network/model:CM02",
        "--cfg=network/optim:Full",
        "--cfg=network/latency-factor:1",
        "--cfg=network/bandwidth-factor:1",
        "--cfg=network/weight-S:0",
        "--cfg=network/TCP-gamma:1e30",
        "--cfg=network/crosstraffic:0",
        "--cfg=surf/precision:1e-12",
        "--cfg=maxmin/precision:1e-9",
        "--log=root.thres:critical",
    ])
    zone = simgrid.NetZone.create_full_zone("fabric")
    hosts = [zone.create_host("h%d" % i, 1e9) for i in range(w["hosts"])]
    links = []
    for i, l in enumerate(w["links"]):
        link = zone.create_link("l%d" % i, l["cap"])
        link.set_latency(l["lat"])
        links.append(link.seal())
    flows = w["flows"]
    seen = set()
    for fl in flows:
        key = (fl["src"], fl["dst"])
        if key in seen:
            continue
        seen.add(key)
        route = [simgrid.LinkInRoute(links[l]) for l in fl["path"]]
        zone.add_route(hosts[fl["src"]].netpoint, hosts[fl["dst"]].netpoint, None, None, route, False)
    zone.seal()

    steps, need = w["steps"], w["need"]
    p = w["hosts"]
    result = {}

    done = simgrid.Mailbox.by_name("done")
    busy = [[] for _ in range(p)]  # each receiver's accepted [lo, hi] intervals, sorted

    def accept(r, floor, a):
        """The end t >= floor of the earliest interval [t - a, t] that
        overlaps none of receiver r's accepted intervals by more than a
        relative 1e-12 (ccplay's instant); records it."""
        t = floor
        for lo, hi in busy[r]:
            eps = 1e-12 * t
            if hi > t - a + eps and lo < t - eps:
                t = hi + a
        busy[r].append((t - a, t))
        busy[r].sort()
        return t

    arrived, accepted = [], {}

    def sender(f):
        fl = flows[f]
        t0 = simgrid.Engine.clock
        simgrid.Comm.sendto(hosts[fl["src"]], hosts[fl["dst"]], int(fl["bytes"]))
        arrived.append((f, t0 + fl["floor"]))
        simgrid.this_actor.yield_()
        if f not in accepted:
            for g, floor in sorted(arrived):
                fg = flows[g]
                accepted[g] = accept(fg["dst"], floor, sum(w["links"][l]["lat"] for l in fg["path"]))
            arrived.clear()
        wait = accepted.pop(f) - simgrid.Engine.clock
        if wait > 0:
            simgrid.this_actor.sleep_for(wait)
        done.put(f, 0)

    def controller():
        nxt, left, recvd = [0] * p, [0] * p, [0] * p
        outstanding = [0]

        def post(r):
            i = nxt[r]
            if left[r] > 0 or i >= len(steps[r]) or recvd[r] < need[r][i]:
                return
            nxt[r] += 1
            left[r] = len(steps[r][i])
            for f in steps[r][i]:
                outstanding[0] += 1
                simgrid.Actor.create("flow%d" % f, hosts[0], sender, f)

        for r in range(p):
            post(r)
        end = 0.0
        while outstanding[0] > 0:
            f = done.get()
            outstanding[0] -= 1
            end = simgrid.Engine.clock
            fl = flows[f]
            recvd[fl["dst"]] += 1
            left[fl["src"]] -= 1
            post(fl["dst"])
            post(fl["src"])
        result["time_s"] = end

    simgrid.Actor.create("controller", hosts[0], controller)
    engine.run()
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
