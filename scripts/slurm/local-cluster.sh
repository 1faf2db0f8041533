#!/usr/bin/env bash
# A one-node Slurm cluster on 127.0.0.1 for tests: `local-cluster.sh start DIR`
# installs slurm-wlm and munge from Debian if needed, starts munged, slurmctld
# and slurmd, waits for the node, and prints `export SLURM_CONF=...`;
# `local-cluster.sh stop DIR` stops exactly the daemons it started, by PID.
# Needs root, no systemd, no cgroups (process tracking by /proc).
set -euo pipefail
cmd=${1:?usage: local-cluster.sh start|stop DIR}
dir=$(mkdir -p "${2:?usage: local-cluster.sh start|stop DIR}" && cd "$2" && pwd)

stop_pid() {
    local file=$1 pid
    [ -s "$file" ] || return 0
    pid=$(cat "$file")
    kill "$pid" 2>/dev/null || return 0
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
}

if [ "$cmd" = stop ]; then
    stop_pid "$dir/run/slurmd.pid"
    stop_pid "$dir/run/slurmctld.pid"
    stop_pid "$dir/run/munged.pid"
    exit 0
fi
[ "$cmd" = start ] || { echo "usage: local-cluster.sh start|stop DIR" >&2; exit 2; }

mkdir -p "$dir"/{state,spool,log,run}
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -q --no-install-recommends slurm-wlm munge >"$dir/log/apt.log"
fi

# munge: a key, its socket directory, and the daemon running as user munge.
if [ ! -s /etc/munge/munge.key ]; then
    mungekey --create --force
    chown munge:munge /etc/munge/munge.key
    chmod 400 /etc/munge/munge.key
fi
mkdir -p /run/munge && chown munge:munge /run/munge && chmod 755 /run/munge
if ! munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; then
    # munged writes its pid as user munge; a copy here marks it as ours to stop.
    runuser -u munge -- /usr/sbin/munged --pid-file=/run/munge/munged.pid 2>"$dir/log/munged.err"
    for _ in $(seq 50); do munge -n </dev/null | unmunge >/dev/null 2>&1 && break; sleep 0.1; done
    cp /run/munge/munged.pid "$dir/run/munged.pid"
fi

cpus=$(nproc)
mem=$(( $(awk '/MemTotal/ { print $2 }' /proc/meminfo) / 1024 - 1024 ))
cat >"$dir/slurm.conf" <<CONF
ClusterName=nqueens
SlurmctldHost=localhost
SlurmctldAddr=127.0.0.1
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
# No cgroups in containers: track processes through /proc.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
# Array tasks start about 1 s apart by default; tests want them at once.
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
ReturnToService=2
MaxArraySize=100001
MinJobAge=300
KillWait=5
MpiDefault=none
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=main Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"
/usr/sbin/slurmctld -f "$SLURM_CONF"
# The node name must be given: this host is not called localhost.
/usr/sbin/slurmd -f "$SLURM_CONF" -N localhost
for _ in $(seq 150); do
    sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)' && break
    sleep 0.2
done
sinfo -h -o '%T' | grep -qE '^(idle|mixed|allocated)' || { echo "local-cluster: the node did not come up (see $dir/log)" >&2; exit 1; }
echo "export SLURM_CONF=$SLURM_CONF"
