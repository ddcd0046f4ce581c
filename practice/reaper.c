/* The reaper of a case (practice/sandbox.py): `reaper FD PROGRAM ARGS...` runs the program as its one
 * child, and writes how it ended to the descriptor FD, "exit N" or "signal N". bwrap's own exit status cannot tell them apart (a
 * program killed by signal N and one that exits with 128 + N give the same), so without it an exit of
 * 152 would be read as SIGXCPU, a TLE.
 *
 * The program never holds that descriptor: the child closes it before it starts the program. The reaper
 * makes itself not dumpable, so no process of the case (the user nobody, as the reaper) can open its
 * descriptors through /proc, and the seccomp filter refuses ptrace. A program can still kill the
 * reaper: then nothing is written, and the checker reads the run as killed, never as a clean exit.
 *
 * Built once by the checker with the host's C compiler (cc -O2), standard C and POSIX only. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) return 127;
    const int told = atoi(argv[1]);
    prctl(PR_SET_DUMPABLE, 0);
    pid_t child = fork();
    if (child < 0) return 127;
    if (child == 0) {
        close(told);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        execv(argv[2], argv + 2);
        fprintf(stderr, "cannot start %s: %s\n", argv[2], strerror(errno));
        _exit(127);
    }
    close(0);
    close(1);
    close(2);
    int status;
    while (waitpid(child, &status, 0) < 0)
        if (errno != EINTR) return 127;
    char line[32];
    int length = WIFSIGNALED(status) ? snprintf(line, sizeof line, "signal %d\n", WTERMSIG(status))
                                     : snprintf(line, sizeof line, "exit %d\n", WEXITSTATUS(status));
    if (write(told, line, (size_t)length) != length) return 127;
    return 0;
}
