#!/usr/bin/env bash
# The sweep on a real Slurm (issue 10): a single-node Slurm from Debian's packages (recipe measured
# in the project's notes: munge, slurmctld and slurmd started by hand, no systemd), a small sweep
# emitted as a 4-task job array plus its dependent merge, and the merged results checked to be
# byte-identical to the same sweep run locally with one worker. Needs the built CLI (pnpm build).
# Where Slurm cannot be installed (not root, no apt), it says SKIPPED — never that it passed.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
cli="$root/apps/lab/dist/cli.js"
BASE=${SLURM_BASE:-$(mktemp -d /tmp/schedlab-slurm.XXXXXX)}

skip() { echo "slurm sweep test: SKIPPED ($1)"; exit 0; }
[ "$(id -u)" -eq 0 ] || skip "not root: cannot install and start Slurm"
command -v apt-get >/dev/null || skip "no apt-get"
[ -f "$cli" ] || { echo "slurm sweep test: the built CLI is missing (run pnpm build first)"; exit 1; }

export DEBIAN_FRONTEND=noninteractive
if ! command -v slurmctld >/dev/null; then
  apt-get update -q >/dev/null || skip "apt-get update failed"
  apt-get install -y -q --no-install-recommends slurmctld slurmd slurm-client munge >/dev/null ||
    skip "Slurm packages cannot be installed"
fi

mkdir -p "$BASE"/{state,spool,log,run}
stop_all() {
  for f in "$BASE/run/slurmd.pid" "$BASE/run/slurmctld.pid" /run/munge/munged.pid; do
    [ -s "$f" ] || continue
    pid=$(cat "$f"); kill -TERM "$pid" 2>/dev/null || continue
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  done
}
trap stop_all EXIT

[ -s /etc/munge/munge.key ] || mungekey --create --keyfile=/etc/munge/munge.key
chown munge:munge /etc/munge/munge.key; chmod 400 /etc/munge/munge.key
install -d -o munge -g munge -m 0755 /run/munge
install -d -o munge -g munge -m 0700 /var/log/munge /var/lib/munge
[ -S /run/munge/munge.socket.2 ] || runuser -u munge -- /usr/sbin/munged
for _ in $(seq 50); do [ -S /run/munge/munge.socket.2 ] && break; sleep 0.1; done

HOST=$(hostname -s)
CPUS=$(slurmd -C | sed -n 's/.*CPUs=\([0-9]*\).*/\1/p' | head -1)
MEM=$(slurmd -C | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p' | head -1)
cat > /etc/slurm/slurm.conf <<CONF
ClusterName=schedlab-ci
SlurmctldHost=$HOST(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
MpiDefault=none
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$BASE/log/jobcomp.txt
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
StateSaveLocation=$BASE/state
SlurmdSpoolDir=$BASE/spool
SlurmctldPidFile=$BASE/run/slurmctld.pid
SlurmdPidFile=$BASE/run/slurmd.pid
SlurmctldLogFile=$BASE/log/slurmctld.log
SlurmdLogFile=$BASE/log/slurmd.log
MinJobAge=300
NodeName=$HOST NodeAddr=127.0.0.1 CPUs=$CPUS RealMemory=$MEM State=UNKNOWN
PartitionName=debug Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
CONF
/usr/sbin/slurmctld
/usr/sbin/slurmd
for _ in $(seq 150); do sinfo -h -o %T 2>/dev/null | grep -qx idle && break; sleep 0.2; done
sinfo -h -o %T | grep -qx idle || { echo "slurm sweep test: the node never became idle"; cat "$BASE"/log/*.log; exit 1; }

# 8 cells: 2 disciplines × 2 loads × 2 seeds.
cat > "$BASE/grid.yaml" <<'GRID'
name: slurm-ci
disciplines: [fcfs, easy]
workloads:
  - { kind: synthetic, jobs: 400, processors: 16, load: 0.5, sizes: { kind: log-uniform, min: 1, max: 16 }, runtimes: { kind: exponential, mean: 300 } }
loads: [0.5, 0.8]
seeds: [1, 2]
GRID
node "$cli" sweep "$BASE/grid.yaml" --results "$BASE/local" --workers 1 >/dev/null
node "$cli" summarize "$BASE/local" >/dev/null
node "$cli" sweep "$BASE/grid.yaml" --emit-slurm "$BASE/slurm" --shards 4 --results "$BASE/merged" >/dev/null
merge=$(sh "$BASE/slurm/submit.sh" | tail -1 | sed -n 's/.*job \([0-9]*\).*/\1/p')
[ -n "$merge" ] || { echo "slurm sweep test: no merge job id from submit.sh"; exit 1; }
for _ in $(seq 300); do squeue -h 2>/dev/null | grep -q . || break; sleep 1; done
if ! cmp -s "$BASE/local/summary.json" "$BASE/merged/summary.json" ||
  ! diff -q <(sort "$BASE/local/results.jsonl") <(sort "$BASE/merged/results.jsonl") >/dev/null; then
  echo "slurm sweep test: FAILED: the merged results differ from the local run"
  cat "$BASE"/slurm/logs/* 2>/dev/null | tail -40
  exit 1
fi
echo "slurm sweep test: passed (4-task array + merge, byte-identical to one local worker)"
