/**
 * The flags every process of the system runs with, here and in the image (the Dockerfile's NODE_OPTIONS says the
 * same; a deploy test holds them equal). V8 sizes a process's young generation from the machine's memory: on a
 * 24 GiB machine an idle service reserved about 250 MB, most of it a nursery it never needed. 16 MB semi-spaces
 * keep each process well under 200 MB under load, for more frequent but shorter scavenges (bench/RESULTS.md).
 */
export const NODE_FLAGS = ['--max-semi-space-size=16'] as const;
