/* Runs a command under a seccomp filter that makes the named system calls
 * fail with the given errno, the way a container's seccomp profile refuses
 * them: the tests of what llvm-exegesis says when the machine says no.
 *
 * usage: seccomp-deny ERRNO SYSCALL[,SYSCALL...] COMMAND [ARG...]
 * ERRNO is a number or EPERM, EACCES, ENOSYS; SYSCALL one of the names
 * below. */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif

static const struct {
  const char *Name;
  int Number;
} Calls[] = {
    {"perf_event_open", SYS_perf_event_open},
    {"ptrace", SYS_ptrace},
    {"pidfd_open", SYS_pidfd_open},
    {"pidfd_getfd", SYS_pidfd_getfd},
    {"sched_setaffinity", SYS_sched_setaffinity},
    {"socketpair", SYS_socketpair},
};

static int parseErrno(const char *Text) {
  if (!strcmp(Text, "EPERM"))
    return EPERM;
  if (!strcmp(Text, "EACCES"))
    return EACCES;
  if (!strcmp(Text, "ENOSYS"))
    return ENOSYS;
  return atoi(Text);
}

static int lookUp(const char *Name) {
  for (size_t I = 0; I < sizeof(Calls) / sizeof(Calls[0]); ++I)
    if (!strcmp(Calls[I].Name, Name))
      return Calls[I].Number;
  return -1;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s ERRNO SYSCALL[,SYSCALL...] COMMAND [ARG...]\n",
            argv[0]);
    return 2;
  }
  int Errno = parseErrno(argv[1]);
  struct sock_filter Program[64];
  size_t Length = 0;
  Program[Length++] = (struct sock_filter)BPF_STMT(
      BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch));
  Program[Length++] = (struct sock_filter)BPF_JUMP(
      BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0);
  Program[Length++] =
      (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
  Program[Length++] = (struct sock_filter)BPF_STMT(
      BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
  char *Names = strdup(argv[2]);
  for (char *Name = strtok(Names, ","); Name; Name = strtok(NULL, ",")) {
    int Number = lookUp(Name);
    if (Number < 0 || Length + 3 > sizeof(Program) / sizeof(Program[0])) {
      fprintf(stderr, "seccomp-deny: unknown system call '%s'\n", Name);
      return 2;
    }
    Program[Length++] =
        (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, Number, 0, 1);
    Program[Length++] = (struct sock_filter)BPF_STMT(
        BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (Errno & SECCOMP_RET_DATA));
  }
  Program[Length++] =
      (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
  struct sock_fprog Filter = {(unsigned short)Length, Program};
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
      prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &Filter) != 0) {
    perror("seccomp-deny: installing the filter");
    return 2;
  }
  execvp(argv[3], argv + 3);
  perror("seccomp-deny: exec");
  return 127;
}
